import { ExceptionResult } from '../../components/exception-result';

export default function Exception403Page() {
  return <ExceptionResult status="403" subtitleKey="exception.result.403.description" backKey="exception.result.403.back" />;
}
