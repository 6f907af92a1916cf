import '@arco-design/web-react/es/_util/react-19-adapter';
import { Message } from '@arco-design/web-react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import qrcode from 'qrcode-generator';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/feedback', () => ({ toastError: vi.fn(), openSessionExpiredModal: vi.fn(), API_TOAST_ID: 'apiTips' }));

const { TwoStepEnrolment, groupSecret } = await import('./enrolment');
const { qrCodePath } = await import('./qr-code');
const { resetApiClient } = await import('../../lib/api');
const feedback = await import('../../lib/feedback');
const { setLocale } = await import('../../lib/i18n');
const { useSession } = await import('../../stores/session');

const envelope = (data: unknown) => ({ status: 'success', code: 0, message: 'ok', data, traceId: 't' });
const failure = (status: number, error: string, message: string) => ({ status, body: { status: 'error', code: status, message, data: { error }, traceId: 't' } });

const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const otpauthUri = `otpauth://totp/Atrium:wang?secret=${secret}&issuer=Atrium&algorithm=SHA1&digits=6&period=30`;
const recoveryCodes = Array.from({ length: 10 }, (_, i) => `AB${i}CD-EF${i}GH`);

type Answer = { status: number; body: unknown };
let answers: Record<string, Answer[]>;
let calls: { path: string; body: unknown }[];

beforeEach(() => {
  resetApiClient();
  setLocale('en-US');
  localStorage.setItem('fingerprint', 'fp-two-step');
  localStorage.setItem('token', 'tok-two-step');
  useSession.setState({ user: { username: 'wang' } as never });
  vi.mocked(feedback.toastError).mockClear();
  calls = [];
  answers = {
    '/api/user/two-step/setup': [{ status: 200, body: envelope({ secret, otpauthUri }) }],
    '/api/user/two-step/enable': [{ status: 200, body: envelope({ recoveryCodes }) }],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      if (input === '/api/client-config') return new Response(JSON.stringify(envelope({ keyId: 'k', secret: 's', signIn: { sso: null, password: 'on' } })), { status: 200 });
      calls.push({ path: input, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const queue = answers[input] ?? [];
      // The last answer of a path repeats.
      const answer = (queue.length > 1 ? queue.shift() : queue[0]) ?? { status: 404, body: {} };
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  vi.spyOn(Message, 'success').mockImplementation(() => () => {});
  vi.spyOn(Message, 'error').mockImplementation(() => () => {});
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  useSession.setState({ user: null });
});

/** The cells a path of `qrCodePath` paints, as "row,col" in module units. */
function painted(d: string): Set<string> {
  const cells = new Set<string>();
  for (const [, x, y, w] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let i = 0; i < Number(w); i += 1) cells.add(`${y},${Number(x) + i}`);
  }
  return cells;
}

/** The dark modules of qrcode-generator's code for `data` (one byte per character), moved by the quiet zone. */
function darkCells(data: string): Set<string> {
  const qr = qrcode(0, 'M');
  qr.addData(data, 'Byte');
  qr.make();
  const cells = new Set<string>();
  const count = qr.getModuleCount();
  for (let row = 0; row < count; row += 1) for (let col = 0; col < count; col += 1) if (qr.isDark(row, col)) cells.add(`${row + 4},${col + 4}`);
  return cells;
}

describe('QR code drawing', () => {
  it('paints exactly the dark modules of the code, inside a quiet zone of four modules', () => {
    const { size, d } = qrCodePath(otpauthUri);
    // Version v has 17 + 4v modules a side.
    expect((size - 8 - 17) % 4).toBe(0);
    expect(painted(d)).toEqual(darkCells(otpauthUri));
    // The top-left finder pattern: a dark 7×7 ring around a 3×3 dark centre, at the quiet zone's edge.
    const cells = painted(d);
    const ring = (r: number, c: number) => r === 0 || r === 6 || c === 0 || c === 6 || (r >= 2 && r <= 4 && c >= 2 && c <= 4);
    for (let r = 0; r < 7; r += 1) for (let c = 0; c < 7; c += 1) expect(cells.has(`${r + 4},${c + 4}`)).toBe(ring(r, c));
  });

  it('encodes text outside ASCII as its UTF-8 bytes', () => {
    const text = 'otpauth://totp/阿特:王?secret=ABC';
    const utf8 = String.fromCharCode(...new TextEncoder().encode(text));
    expect(painted(qrCodePath(text).d)).toEqual(darkCells(utf8));
    expect(painted(qrCodePath(text).d)).not.toEqual(darkCells(text));
  });
});

describe('TwoStepEnrolment', () => {
  it('asks for one secret, draws its QR code with a name, shows the key in fours, then the recovery codes once', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const onEnabled = vi.fn();
    const onDone = vi.fn();
    // StrictMode runs the mount effect twice: still one setup, whose secret is the one drawn.
    render(
      <StrictMode>
        <TwoStepEnrolment onEnabled={onEnabled} onDone={onDone} />
      </StrictMode>,
    );

    const qr = await screen.findByRole('img', { name: 'QR code for two-step verification; scan it with your authenticator app' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelector('path')!.getAttribute('d')).toBe(qrCodePath(otpauthUri).d);
    expect(calls.map((c) => c.path)).toEqual(['/api/user/two-step/setup']);
    expect(screen.getByTestId('two-step-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy key' })));
    expect(writeText).toHaveBeenLastCalledWith(secret);

    const code = screen.getByTestId('two-step-enrol-code');
    expect([code.getAttribute('autocomplete'), code.getAttribute('inputmode')]).toEqual(['one-time-code', 'numeric']);
    fireEvent.change(code, { target: { value: '123 456' } });
    await act(async () => fireEvent.click(screen.getByTestId('two-step-enrol-confirm')));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(recoveryCodes);
    expect(calls.map((c) => c.path)).toEqual(['/api/user/two-step/setup', '/api/user/two-step/enable']);
    expect(calls[1]!.body).toEqual({ code: '123456' });
    expect(onEnabled).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/shown only this once/)).toBeTruthy();
    // The key and the QR code are gone: the codes are what is left to save.
    expect(screen.queryByTestId('two-step-qr')).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy' })));
    expect(writeText).toHaveBeenLastCalledWith(recoveryCodes.join('\n'));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();

    // Download: a .txt file made in the browser, holding every code.
    let saved: Blob | undefined;
    // jsdom has no object URLs; this file's window is its own, so they stay stubbed (the revoke comes later).
    URL.createObjectURL = vi.fn((blob: Blob) => ((saved = blob), 'blob:codes'));
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('atrium-recovery-codes-wang.txt');
      expect(this.href).toBe('blob:codes');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(saved!.type).toBe('text/plain;charset=utf-8');
    const text = await saved!.text();
    expect(text.startsWith('Atrium recovery codes for wang (')).toBe(true);
    for (const c of recoveryCodes) expect(text).toContain(`\r\n${c}\r\n`);

    expect(onDone).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('keeps a wrong code on its field without a toast', async () => {
    answers['/api/user/two-step/enable'] = [failure(400, 'MFA_CODE_INVALID', 'The code is not correct.'), { status: 200, body: envelope({ recoveryCodes }) }];
    const onEnabled = vi.fn();
    render(<TwoStepEnrolment onEnabled={onEnabled} onDone={() => {}} />);
    const code = (await screen.findByTestId('two-step-enrol-code')) as HTMLInputElement;
    fireEvent.change(code, { target: { value: '000000' } });
    await act(async () => fireEvent.click(screen.getByTestId('two-step-enrol-confirm')));
    expect(await screen.findByText('The code is not correct.')).toBeTruthy();
    expect(code.value).toBe('');
    expect(onEnabled).not.toHaveBeenCalled();
    expect(feedback.toastError).not.toHaveBeenCalled();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
  });

  it('checks the code before sending it', async () => {
    render(<TwoStepEnrolment onDone={() => {}} />);
    fireEvent.change(await screen.findByTestId('two-step-enrol-code'), { target: { value: '12' } });
    await act(async () => fireEvent.click(screen.getByTestId('two-step-enrol-confirm')));
    expect(await screen.findByText('The code is 6 digits')).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/api/user/two-step/setup']);
  });

  it('offers to try again when no secret came, and speaks Chinese', async () => {
    setLocale('zh-CN');
    answers['/api/user/two-step/setup'] = [failure(500, 'INTERNAL', 'x'), { status: 200, body: envelope({ secret, otpauthUri }) }];
    render(<TwoStepEnrolment onDone={() => {}} />);
    expect(await screen.findByText('无法生成密钥。')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重试' })));
    expect(await screen.findByRole('img', { name: '两步验证二维码，请用身份验证器应用扫描' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '确认' })).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/api/user/two-step/setup', '/api/user/two-step/setup']);
  });

  it('groups a key in fours', () => {
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
    expect(groupSecret('ABCD EFGH')).toBe('ABCD EFGH');
  });
});
