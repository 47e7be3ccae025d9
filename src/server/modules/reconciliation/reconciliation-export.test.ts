import { describe, expect, it } from 'vitest';
import { neutraliseFormula } from './reconciliation-export';

describe('neutraliseFormula', () => {
  it('writes a text a spreadsheet would run as a formula with a leading apostrophe', () => {
    expect(['=SUM(A1)', '+1', '-2+3', '@cmd'].map(neutraliseFormula)).toEqual(["'=SUM(A1)", "'+1", "'-2+3", "'@cmd"]);
  });

  it('leaves any other text as it is', () => {
    expect(['Blue Dream 3.5g', 'B-123', ' =x', ''].map(neutraliseFormula)).toEqual(['Blue Dream 3.5g', 'B-123', ' =x', '']);
  });
});
