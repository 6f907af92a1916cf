import { ExceptionResult } from '../../components/exception-result';

export default function Exception500Page() {
  return <ExceptionResult status="500" subtitleKey="exception.result.500.description" backKey="exception.result.500.back" />;
}
