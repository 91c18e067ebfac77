// Method and path of every endpoint (spec section 7). The contract adds the schemas; the client
// needs only these, so a browser bundle of the client carries no schema code.

/** Where every endpoint lives below the API base URL. */
export const API_PREFIX = '/survey/api/v1/db';

export const routes = {
  getSurveyConfig: { method: 'GET', path: `${API_PREFIX}/survey-configs/getItem` },
  getAllSearchableSurveyConfigs: { method: 'GET', path: `${API_PREFIX}/survey-configs/getAllSearchable` },
  getSurveyConfigsList: { method: 'POST', path: `${API_PREFIX}/survey-configs/getSurveyConfigsList` },
  querySurveyResults: { method: 'POST', path: `${API_PREFIX}/survey-results/query` },
  getSurveyResultsByPartitionKey: {
    method: 'GET',
    path: `${API_PREFIX}/survey-results/getBySurveyIdPartitionKeyIndex`,
  },
  getSurveyResultsByUser: { method: 'GET', path: `${API_PREFIX}/survey-results/getBySurveyIdUserIdIndex` },
  filterSurveyResults: { method: 'POST', path: `${API_PREFIX}/survey-results/filterQuery` },
  putReservation: { method: 'POST', path: `${API_PREFIX}/reservation/putItem` },
  cancelReservation: { method: 'POST', path: `${API_PREFIX}/reservation/cancelItem` },
  deleteReservation: { method: 'DELETE', path: `${API_PREFIX}/reservation/deleteItem` },
  putUserId: { method: 'POST', path: `${API_PREFIX}/reservation/putUserId` },
  // "temprary" is the spec's spelling of the path.
  putTemporaryReservation: { method: 'POST', path: `${API_PREFIX}/reservation/temprary` },
  exchangeLoginCode: { method: 'GET', path: `${API_PREFIX}/login/token` },
  getCalendarCategories: { method: 'GET', path: `${API_PREFIX}/calendars/categories` },
  getCalendarCategoriesTree: { method: 'GET', path: `${API_PREFIX}/calendars/categories_tree` },
  getCalendarDisplaySettings: { method: 'GET', path: `${API_PREFIX}/calendars/display_settings` },
  // Not in the spec: files items need somewhere to put the files. The body is the file itself.
  uploadFile: { method: 'POST', path: `${API_PREFIX}/files` },
  // The url of an uploaded file's FileRef; only its uploader may read it.
  downloadFile: { method: 'GET', path: `${API_PREFIX}/files/:fileId` },
} as const;

/**
 * What `uploadFile` accepts: these types (the `Content-Type` of the upload), up to 10 MiB a file,
 * named in at most 200 characters as sent, not blank once trimmed, without slashes or control
 * characters. The server refuses anything else (415 `unsupported_file_type`, 413
 * `file_too_large`, 400 `invalid_file_name`).
 */
export const FILE_UPLOAD_LIMITS = {
  contentTypes: [
    'image/jpeg',
    'image/png',
    'image/gif',
    'image/webp',
    'image/heic',
    'image/heif',
    'application/pdf',
  ],
  maxBytes: 10 * 1024 * 1024,
  maxNameLength: 200,
} as const;

/** The name of an endpoint: the client method that calls it (`downloadFile` has none: it is a FileRef's url). */
export type EndpointName = keyof typeof routes;
