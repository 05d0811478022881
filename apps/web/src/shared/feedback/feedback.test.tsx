import { act, fireEvent, screen, within } from '@testing-library/react';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import { DialogError } from './DialogError';
import { useFeedback } from './useFeedback';

const FAILURE = 'Não foi possível enviar o e-mail de recuperação de senha.';
const SUCCESS = 'Email de recuperação enviado';

/** Lets `ms` of the (fake) clock pass and React render what it scheduled. */
async function pass(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

const notices = () => Array.from(document.querySelectorAll('.ant-message-notice'));
const noticeWith = (text: string) => notices().find((notice) => notice.textContent?.includes(text));

/** A page that tells a failure and a success the way the app's pages do. */
function Messages() {
  const feedback = useFeedback();
  return (
    <>
      <Button onClick={() => feedback.error(FAILURE)}>Falhar</Button>
      <Button onClick={() => feedback.success(SUCCESS)}>Acertar</Button>
    </>
  );
}

/** The user dialog the way it holds a refused registration: the failure in the dialog until closed. */
function UserDialog() {
  const [error, setError] = useState<string | null>('Email já foi utilizado');
  return (
    <Modal open title="Registrar novo usuário" okText="Registrar">
      <DialogError error={error} onClose={() => setError(null)} />
      <form aria-label="Registrar novo usuário" />
    </Modal>
  );
}

describe('the shared messages (useFeedback, DialogError)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a failure in a dialog is shown inside it, below its title, until dismissed', async () => {
    renderWithApp(<UserDialog />);
    await pass(0);
    const dialog = screen.getByRole('dialog');
    const title = within(dialog).getByText('Registrar novo usuário', { selector: '.ant-modal-title' });
    const error = within(dialog).getByRole('alert');
    expect(error.textContent).toContain('Email já foi utilizado');
    // Nothing floats over the dialog's title: the failure comes after it, in the dialog's body.
    expect(title.compareDocumentPosition(error) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(error.closest('.ant-modal-body')).toBeTruthy();
    expect(notices()).toHaveLength(0);
    // Still there well after the 1 s of a success message: it waits to be read.
    await pass(10_000);
    expect(within(dialog).getByRole('alert')).toBe(error);
    fireEvent.click(within(error).getByRole('button', { name: /close|fechar/i }));
    await pass(1_000);
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('an error message lasts and can be dismissed; a success is brief', async () => {
    renderWithApp(<Messages />);
    await pass(0);
    fireEvent.click(screen.getByRole('button', { name: 'Falhar' }));
    await pass(0);
    expect(noticeWith(FAILURE)).toBeTruthy();
    await pass(3_000);
    const failure = noticeWith(FAILURE) as HTMLElement;
    expect(failure).toBeTruthy();
    fireEvent.click(within(failure).getByRole('button', { name: 'Fechar mensagem' }));
    await pass(1_000);
    expect(noticeWith(FAILURE)).toBeUndefined();

    fireEvent.click(screen.getByRole('button', { name: 'Acertar' }));
    await pass(0);
    expect(noticeWith(SUCCESS)).toBeTruthy();
    await pass(3_000);
    expect(noticeWith(SUCCESS)).toBeUndefined();
  });
});
