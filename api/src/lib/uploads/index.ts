export { sniffType, SNIFF_BYTES, type SniffedType } from './sniff';
export { safeOriginalName, contentDisposition } from './names';
export {
  storeUpload,
  removeStored,
  resolveInRoot,
  locateStored,
  megabytes,
  type UploadRule,
  type StoredFile,
  type UploadProblem,
  type StoreResult,
} from './store';
export { readMultipartForm, type MultipartForm } from './multipart';
export { createFileLinkSigner, sendPrivateFile, isInlineType, FILE_LINK_TTL_SECONDS, type FileLinkSigner, type FileLinkClaims } from './file-links';
