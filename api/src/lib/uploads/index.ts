export { sniffType, SNIFF_BYTES, type SniffedType } from './sniff';
export { safeOriginalName, contentDisposition, slug } from './names';
export {
  storeUpload,
  removeStored,
  megabytes,
  type UploadRule,
  type StoredFile,
  type UploadProblem,
  type StoreResult,
} from './store';
export { readMultipartForm, multipartParts, multipartError, type MultipartForm, type FormPart, type PartFile } from './multipart';
export { normalizeImage, IMAGE_MAX_PIXELS, type ImageRule } from './images';
export { createFileLinkSigner, sendPrivateFile, privateDisposition, isInlineType, FILE_LINK_TTL_SECONDS, type FileLinkSigner, type FileLinkClaims } from './file-links';
export {
  createFileStorage,
  createDiskStorage,
  createS3Storage,
  createS3Client,
  s3Settings,
  isStoredKey,
  resolveInRoot,
  seedFile,
  localKeys,
  type FileStorage,
  type StoredObject,
  type S3Settings,
} from './storage';
