import { describe, expect, it } from 'vitest';
import { buildZip, deflatedEntry, zeroBombEntry } from '../../../../test/zip-fixtures';
import { checkMarkup, checkZipPackage } from './bomb-guard';
import { sniffSpreadsheet } from './sniff';

const limits = { maxEntries: 10, maxUnpackedBytes: 1024 * 1024 };

describe('checkZipPackage', () => {
  it('lets a small package through', () => {
    const zip = buildZip([deflatedEntry('[Content_Types].xml', '<Types/>'), deflatedEntry('a.xml', '<a/>')]);
    expect(checkZipPackage(zip, limits)).toBeNull();
  });

  it('refuses too many entries', () => {
    const entries = Array.from({ length: 11 }, (_, i) => deflatedEntry(`e${i}.xml`, '<a/>'));
    expect(checkZipPackage(buildZip(entries), limits)).toBe('bomb');
  });

  it('refuses a bomb that lies about its size, by inflating under the budget', async () => {
    const bomb = await zeroBombEntry('xl/media/image1.png', 8 * 1024 * 1024);
    expect(bomb.compressed.length).toBeLessThan(20_000);
    expect(checkZipPackage(buildZip([bomb]), limits)).toBe('bomb');
    expect(
      checkZipPackage(
        buildZip([bomb], () => 10),
        limits,
      ),
    ).toBe('bomb');
  });

  it('refuses XML entity declarations and broken archives', () => {
    const laughs = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">]><a>&lol;</a>';
    expect(checkZipPackage(buildZip([deflatedEntry('xl/workbook.xml', laughs)]), limits)).toBe('entities');
    const zip = buildZip([deflatedEntry('a.xml', '<a/>')]);
    expect(checkZipPackage(zip.subarray(0, zip.length - 30), limits)).toBe('malformed');
    expect(checkMarkup(Buffer.from('<table><!entity x "y"></table>'))).toBe('entities');
    expect(checkMarkup(Buffer.from('<!DOCTYPE html><table><tr><td>1</td></tr></table>'))).toBeNull();
  });
});

describe('sniffSpreadsheet', () => {
  it('tells packages, compound files and markup apart from anything else', () => {
    expect(sniffSpreadsheet(buildZip([deflatedEntry('a.xml', '<a/>')]))).toBe('zip');
    expect(sniffSpreadsheet(Buffer.from('d0cf11e0a1b11ae1000000', 'hex'))).toBe('cfb');
    expect(sniffSpreadsheet(Buffer.from('\uFEFF <html><table></table></html>'))).toBe('markup');
    expect(sniffSpreadsheet(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(sniffSpreadsheet(Buffer.from('<html><p>oi</p></html>'))).toBeNull();
  });
});
