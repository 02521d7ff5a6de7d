// Presentational pieces every app shows the same way. They import no state from the package root
// (a shared package's imports of itself bypass the federation share scope).
// The carousel is exported by the package root (the shared instance), loaded on first use: here it
// would bring Swiper into every app that imports anything from this entry.
export type { CarouselProps } from './Carousel';
export { EmptyState } from './EmptyState';
export { AccessDenied, rememberPurchaseReturn } from './AccessDenied';
export { Tabs, type TabDefinition } from './Tabs';
export { FileInput, type FileInputProps } from './FileInput';
export { Field, controlClass, dangerButtonClass, labelClass, primaryButtonClass, secondaryButtonClass, type ControlProps } from './Field';
export { listAddress, Pagination, pageWindow, usePageInRange } from './Pagination';
export { listReturnSearch, listReturnState } from './list-return';
export { ProtectedFile, type ProtectedFileTextKey } from './ProtectedFile';
export { EditScreen, type EditScreenProps, type EditScreenTexts } from './EditScreen';
export { useAsync, type AsyncState } from './use-async';
export { useNearViewport } from './use-near-viewport';
export { useHydrated } from './use-hydrated';
export { saveFile } from './save-file';
export { initials } from './initials';
