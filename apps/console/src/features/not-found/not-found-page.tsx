import { Link } from 'react-router';
import { useDocumentTitle } from '../../components/use-document-title.js';
import { paths } from '../../config/paths.js';
import { messages } from '../../messages.js';

export function NotFoundPage() {
  useDocumentTitle(messages.notFoundTitle);
  return (
    <>
      <h1>{messages.notFoundTitle}</h1>
      <p>{messages.notFound}</p>
      <Link to={paths.surveys.to()}>{messages.backToSurveys}</Link>
    </>
  );
}
