import { ExceptionResult } from '../../components/exception-result';

/** Any unmatched path, inside the shell so the menu stays usable; the URL stays as typed. */
export default function NotFoundPage() {
  return <ExceptionResult status="404" subtitleKey="notFound.description" backKey="notFound.back" />;
}
