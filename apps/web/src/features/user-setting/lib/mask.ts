/** `15000000000` -> `150****0000` (pages.md §14.1); anything shorter is shown as it is. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '-';
  if (phone.length < 7) return phone;
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

/** `wang@example.com` -> `w***@example.com` (pages.md §14.2.2). */
export function maskEmail(email: string | null | undefined): string {
  if (!email) return '';
  const at = email.indexOf('@');
  if (at < 1) return email;
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
