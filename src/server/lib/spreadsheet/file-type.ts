// What a spreadsheet upload really is, judged by its bytes and never by its name: an xlsx workbook (a zip
// holding [Content_Types].xml and xl/workbook.xml), a legacy xls (an OLE compound file) or CSV text
// (valid UTF-8 without NUL bytes that is not markup). These are the formats the upload dialog names.
import { inspectZip, looksLikeZip, type ZipEntry, type ZipLimits } from './zip-inspect';

export type SpreadsheetKind = 'xlsx' | 'xls' | 'csv';

const OLE_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function isOleCompoundFile(bytes: Uint8Array): boolean {
  return bytes.length >= 512 && OLE_SIGNATURE.every((byte, index) => bytes[index] === byte);
}

function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Text that opens with a tag: an HTML table or an Excel 2003 XML (SpreadsheetML) workbook, which SheetJS
 * would read as a spreadsheet. Neither is a format the upload names, and no CSV of order lines starts with '<'.
 */
function looksLikeMarkup(text: string): boolean {
  return /^\uFEFF?\s*</.test(text);
}

function isXlsxPackage(entries: readonly ZipEntry[]): boolean {
  const names = new Set(entries.map((entry) => entry.name.toLowerCase()));
  return names.has('[content_types].xml') && names.has('xl/workbook.xml');
}

/**
 * The kind of file, or null when it is none of the three. A zip is inspected (and refused with
 * ZipRejected when it breaks a limit) before it is called an xlsx.
 */
export function sniffSpreadsheet(bytes: Uint8Array, zipLimits?: ZipLimits): SpreadsheetKind | null {
  if (looksLikeZip(bytes)) return isXlsxPackage(inspectZip(bytes, zipLimits)) ? 'xlsx' : null;
  if (isOleCompoundFile(bytes)) return 'xls';
  if (isUtf8Text(bytes)) return looksLikeMarkup(new TextDecoder('utf-8').decode(bytes.subarray(0, 1024))) ? null : 'csv';
  return null;
}
