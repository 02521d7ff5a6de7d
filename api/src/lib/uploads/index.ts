export { sniffType, SNIFF_BYTES, type SniffedType } from './sniff';
export { safeOriginalName, contentDisposition, slug } from './names';
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
export { readMultipartForm, multipartParts, multipartError, type MultipartForm, type FormPart, type PartFile } from './multipart';
export { normalizeImage, IMAGE_MAX_PIXELS, type ImageRule } from './images';
export { createFileLinkSigner, sendPrivateFile, isInlineType, FILE_LINK_TTL_SECONDS, type FileLinkSigner, type FileLinkClaims } from './file-links';
