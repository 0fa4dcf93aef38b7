// The cover letter (decision 0015): the saved letter fills the editor; typing enables Save; Save sends paragraphs of
// text runs (bold kept) and shows who saved; a viewer reads it but cannot change it.
import { authApi, type CoverLetter, exportsApi, usersApi } from '@quotewright/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeToken, makeUser, nowSeconds } from '../../test/fixtures';
import { answer, serve } from '../../test/msw';
import { renderApp } from '../../test/renderApp';
import { readLetter, writeLetter } from './letter';

const saved: CoverLetter = {
  body: [[{ text: 'Dear Acme,' }], [], [{ text: 'Our ' }, { text: 'best', bold: true }, { text: ' offer.' }]],
  updated_on: '2026-11-20T10:00:00Z',
  updated_by: { name: 'Bob Baker' },
};

function signIn(user: ReturnType<typeof makeUser>) {
  window.localStorage.setItem('token', makeToken({ sub: user._id, exp: nowSeconds() + 3600 }));
  return serve(
    answer(usersApi.get, user),
    answer(authApi.config, { ssoProvider: null, erpName: 'Odoo' }),
    answer(exportsApi.coverLetter, saved),
    answer(exportsApi.saveCoverLetter, ({ body }) => ({
      ...body,
      updated_on: '2026-11-24T09:00:00Z',
      updated_by: { name: 'Admin' },
    })),
  );
}

describe('letter ↔ editor content', () => {
  it('reads what the browser makes (blocks, <br>, <b>, <strong>, bold weights) and writes it back the same', () => {
    const root = document.createElement('div');
    root.innerHTML =
      'Dear Acme,<div><br></div><div>Our <b>best</b> offer, <span style="font-weight: 700">really</span>.</div>' +
      '<div><strong>Regards</strong></div>';
    const letter = readLetter(root);
    expect(letter).toEqual([
      [{ text: 'Dear Acme,' }],
      [],
      [
        { text: 'Our ' },
        { text: 'best', bold: true },
        { text: ' offer, ' },
        { text: 'really', bold: true },
        { text: '.' },
      ],
      [{ text: 'Regards', bold: true }],
    ]);
    const again = document.createElement('div');
    writeLetter(again, letter);
    expect(readLetter(again)).toEqual(letter);
    // Text that looks like markup stays text.
    writeLetter(again, [[{ text: '<img src=x onerror=alert(1)>' }]]);
    expect(again.querySelector('img')).toBeNull();
    expect(again.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(readLetter(document.createElement('div'))).toEqual([]);
  });
});

describe('document editor', () => {
  it('shows the saved letter; Save is enabled by a change and sends the letter', async () => {
    const { calls } = signIn(makeUser({ _id: 'a1', isAdmin: true }));
    renderApp('/sale/documents/s1');
    const editor = await screen.findByTestId('document-editor');
    await waitFor(() => expect(editor).toHaveTextContent('Dear Acme,'));
    expect(editor.querySelector('b')).toHaveTextContent('best');
    expect(screen.getByText(/Last saved by Bob Baker/)).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();

    editor.lastElementChild!.append(document.createTextNode(' Thanks'));
    fireEvent.input(editor);
    expect(save).toBeEnabled();
    await userEvent.click(save);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      body: [
        [{ text: 'Dear Acme,' }],
        [],
        [{ text: 'Our ' }, { text: 'best', bold: true }, { text: ' offer. Thanks' }],
      ],
    });
    expect(await screen.findByTestId('snackbar')).toHaveTextContent('Cover letter saved');
    await waitFor(() => expect(save).toBeDisabled());
    expect(screen.getByText(/Last saved by Admin/)).toBeInTheDocument();
  });

  it('a sales viewer reads the letter but cannot change or save it', async () => {
    signIn(makeUser({ _id: 'v1', modules: { sales: { enabled: true, level: 'viewer' } } }));
    renderApp('/sale/documents/s1');
    const editor = await screen.findByTestId('document-editor');
    await waitFor(() => expect(editor).toHaveTextContent('Dear Acme,'));
    expect(editor).toHaveAttribute('contenteditable', 'false');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
