import { describe, expect, it } from 'vitest';
import { overlaySvg } from './timelapse-overlay';
import { timelapseFileName } from './timelapse-file-name';

describe('overlaySvg', () => {
  const base = {
    width: 320,
    height: 240,
    dateLabel: '10/03/2026',
    title: 'Jardim <Palmeiras> & "Cia"',
    caption: '',
    captionColor: null,
    lots: [
      {
        rings: [
          [
            [10, 10],
            [50, 10],
            [50, 50],
            [10, 10],
          ] as Array<[number, number]>,
        ],
        color: '#8e44ad',
        followed: false,
      },
      {
        rings: [
          [
            [60, 60],
            [90, 60],
            [90, 90],
            [60, 60],
          ] as Array<[number, number]>,
        ],
        color: null,
        followed: false,
      },
    ],
  };

  it('colours lots by status, outlines lots without one, escapes the texts', () => {
    const svg = overlaySvg(base);
    expect(svg).toContain('fill="#8e44ad"');
    expect(svg).toContain('fill="none" stroke="#ffffff"');
    expect(svg).toContain('10/03/2026');
    expect(svg).toContain('Jardim &#60;Palmeiras&#62; &#38; &#34;Cia&#34;');
    expect(svg).not.toContain('<Palmeiras>');
  });

  it('draws the followed lot last with its status caption', () => {
    const svg = overlaySvg({
      ...base,
      caption: 'Em construção',
      captionColor: '#8e44ad',
      lots: [{ ...base.lots[0]!, followed: true }],
    });
    expect(svg).toContain('stroke-width="6"');
    expect(svg).toContain('Em construção');
  });
});

describe('timelapseFileName', () => {
  it('names project, lot and the first and last dates', () => {
    expect(
      timelapseFileName({
        project: 'Jardim das Palmeiras - Etapas 1 a 3',
        lot: 'Lote 12',
        first: '2025-01-10',
        last: '2026-11-01',
        format: 'webp',
      }),
    ).toBe('jardim-das-palmeiras-etapas-1-a-3-lote-12-timelapse-2025-01-10-a-2026-11-01.webp');
    expect(
      timelapseFileName({
        project: 'São João',
        lot: null,
        first: '2025-01-10',
        last: '2025-02-10',
        format: 'gif',
      }),
    ).toBe('sao-joao-mapa-timelapse-2025-01-10-a-2025-02-10.gif');
  });
});
