import { describe, expect, it } from 'vitest';
import { CAMERA_MESSAGES, cameraProblemOf } from './barcode-reader';

describe('camera problems', () => {
  it('tells a blocked camera from a missing one, and both from a browser without the API', () => {
    expect(cameraProblemOf(new DOMException('Permission denied', 'NotAllowedError'))).toBe('denied');
    expect(cameraProblemOf(new DOMException('No device', 'NotFoundError'))).toBe('no-camera');
    expect(cameraProblemOf(new DOMException('No camera API', 'NotSupportedError'))).toBe('unsupported');
    expect(cameraProblemOf(new Error('boom'))).toBe('failed');
  });

  it('always offers the typed field', () => {
    for (const message of Object.values(CAMERA_MESSAGES)) expect(message).toMatch(/type the tag number below/i);
  });
});
