import { describe, expect, it } from 'vitest';
import * as contract from '../../../../../shared/api/orders';
import { checkUploadFile, extensionOf, fileToBase64, UPLOAD_MAX_BYTES, UPLOAD_MESSAGES, UPLOAD_POLL_MS, UPLOAD_REQUIRED_COLUMNS } from './upload-rules';

describe('upload rules', () => {
  it('are the contract’s', () => {
    expect(UPLOAD_MAX_BYTES).toBe(contract.UPLOAD_MAX_BYTES);
    expect(UPLOAD_REQUIRED_COLUMNS).toEqual(contract.UPLOAD_REQUIRED_COLUMNS);
    expect(UPLOAD_POLL_MS).toBe(contract.UPLOAD_POLL_MS);
  });

  it('accepts xlsx, xls and csv by name and reported type', () => {
    expect(extensionOf('Menu.XLSX')).toBe('.xlsx');
    expect(checkUploadFile({ name: 'menu.xlsx', size: 10, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })).toBeNull();
    expect(checkUploadFile({ name: 'menu.xls', size: 10, type: 'application/vnd.ms-excel' })).toBeNull();
    expect(checkUploadFile({ name: 'menu.csv', size: 10, type: 'text/csv' })).toBeNull();
    expect(checkUploadFile({ name: 'menu.csv', size: 10, type: '' })).toBeNull();
  });

  it('refuses other types, a picture renamed .xlsx, and files over 10MB', () => {
    expect(checkUploadFile({ name: 'menu.pdf', size: 10, type: 'application/pdf' })).toBe(UPLOAD_MESSAGES.unsupported);
    expect(checkUploadFile({ name: 'menu.xlsx', size: 10, type: 'image/png' })).toBe(UPLOAD_MESSAGES.unsupported);
    expect(checkUploadFile({ name: 'menu.xlsx.exe', size: 10, type: '' })).toBe(UPLOAD_MESSAGES.unsupported);
    expect(checkUploadFile({ name: 'menu.xlsx', size: UPLOAD_MAX_BYTES, type: '' })).toBeNull();
    expect(checkUploadFile({ name: 'menu.xlsx', size: UPLOAD_MAX_BYTES + 1, type: '' })).toBe('File size exceeds the 10MB limit. Please upload a smaller file.');
  });

  it('sends the file as base64 without the data: prefix', async () => {
    expect(await fileToBase64(new File(['Batch#,Case Size\n'], 'menu.csv', { type: 'text/csv' }))).toBe(btoa('Batch#,Case Size\n'));
  });
});
