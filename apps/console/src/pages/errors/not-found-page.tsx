import { ErrorResult } from './error-result.js';

export default function ErrorPage404() {
  return <ErrorResult status={404} />;
}
