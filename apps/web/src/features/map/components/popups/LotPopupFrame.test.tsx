import { fireEvent, screen, waitFor } from '@testing-library/react';
import { DatePicker, Select } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, setupUser } from '../../../../test/render';
import { LotPopupFrame } from './LotPopupFrame';

function popup(onClose: () => void) {
  return renderWithApp(
    <LotPopupFrame title="Lote 12 Quadra 3" testId="lot-popup" onClose={onClose}>
      <DatePicker format="DD/MM/YYYY" placeholder="Data da observação" />
      <Select aria-label="Tipo" options={[{ value: 'a', label: 'Alfa' }]} />
      <textarea aria-label="Descrição" />
    </LotPopupFrame>,
  );
}

const escape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

describe('LotPopupFrame: Escape closes only the innermost layer', () => {
  it("the first Escape in the observation's date picker closes the picker, not the popup", async () => {
    const user = setupUser();
    const onClose = vi.fn();
    popup(onClose);
    await user.type(screen.getByLabelText('Descrição'), 'Muro caído');
    await user.click(screen.getByPlaceholderText('Data da observação'));
    await waitFor(() => expect(document.querySelector('.ant-picker-dropdown')).not.toBeNull());
    escape();
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Descrição') as HTMLTextAreaElement).value).toBe('Muro caído');
    await waitFor(() =>
      expect(document.querySelector('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')).toBeNull(),
    );
    escape();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('an open list takes the Escape too', async () => {
    const user = setupUser();
    const onClose = vi.fn();
    popup(onClose);
    await user.click(screen.getByLabelText('Tipo'));
    await waitFor(() => expect(document.querySelector('.ant-select-dropdown')).not.toBeNull());
    escape();
    expect(onClose).not.toHaveBeenCalled();
  });
});
