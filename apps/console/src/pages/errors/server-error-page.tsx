import { ErrorResult } from './error-result.js';

export default function ErrorPage500() {
  return <ErrorResult status={500} />;
}
