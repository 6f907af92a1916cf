/** `15000000000` -> `150****0000` (the user panel); anything shorter is shown as it is. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '-';
  if (phone.length < 7) return phone;
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

/** `wang@example.com` -> `w***@example.com` (security settings). */
export function maskEmail(email: string | null | undefined): string {
  if (!email) return '';
  const at = email.indexOf('@');
  if (at < 1) return email;
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
