// glibc malloc settings for the server process, used by `npm start` and the benchmarks.
// OCR's native code (onnxruntime, libvips) allocates from several threads: one arena per thread let
// the server grow by ~0.4 GB under load, and buffers over a few MB freed back into an arena stayed
// resident. Two arenas, and an mmap threshold of 4 MB so that large buffers go back to the system
// when freed (onnxruntime's own arenas keep the buffers it reuses).
export const MALLOC_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: String(4 * 1024 * 1024) }
