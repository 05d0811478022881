import { screen, waitFor } from '@testing-library/react';
import { InputNumber } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { keepLibraryNamesInPtBr } from './libraryNames';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe('keepLibraryNamesInPtBr', () => {
  it("renames the number field's step buttons in pt-BR and hides the icons inside them", async () => {
    stop = keepLibraryNamesInPtBr(document.body);
    renderWithApp(<InputNumber aria-label="Dias" min={1} />);
    await waitFor(() => expect(screen.getByLabelText('Aumentar valor')).toBeTruthy());
    expect(screen.getByLabelText('Diminuir valor')).toBeTruthy();
    expect(document.querySelector('[aria-label="Increase Value"], [aria-label="Decrease Value"]')).toBeNull();
    const icons = [...document.querySelectorAll('.anticon-up, .anticon-down')];
    expect(icons.length).toBe(2);
    expect(icons.every((icon) => icon.getAttribute('aria-hidden') === 'true')).toBe(true);
  });

  it('leaves an icon the app named in pt-BR as it is', async () => {
    stop = keepLibraryNamesInPtBr(document.body);
    renderWithApp(
      <>
        <CheckCircleFilled aria-label="Concluído" />
        <CheckCircleFilled />
      </>,
    );
    await waitFor(() =>
      expect(document.querySelector('[aria-label="check-circle"]')?.getAttribute('aria-hidden')).toBe('true'),
    );
    expect(screen.getByRole('img', { name: 'Concluído' }).getAttribute('aria-hidden')).toBeNull();
  });
});
