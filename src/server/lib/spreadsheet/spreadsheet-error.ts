// What is wrong with an uploaded spreadsheet, as a problem code and a message the uploader can act on.

export type SpreadsheetProblem = 'empty' | 'too-large' | 'unsupported' | 'zip-bomb' | 'encrypted' | 'unreadable' | 'too-many-rows' | 'timeout' | 'out-of-memory' | 'busy';

export class SpreadsheetError extends Error {
  constructor(
    readonly problem: SpreadsheetProblem,
    message: string,
  ) {
    super(message);
    this.name = 'SpreadsheetError';
  }
}

export const SPREADSHEET_MESSAGES = {
  tooLarge: 'File size exceeds the 10MB limit. Please upload a smaller file.',
  unsupported: 'Unsupported file format. Please upload a XLSX, or XLS file.',
  empty: 'The file is empty.',
  unreadable: 'The file could not be read. Check that it is a valid XLSX, XLS or CSV file and upload it again.',
  timeout: 'The file took too long to read.',
  outOfMemory: 'The file needs too much memory to read. Please upload a smaller file.',
  busy: 'The server is reading other files right now. Please try again in a minute.',
} as const;
