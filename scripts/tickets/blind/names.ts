/**
 * The blind families (issue 38): written by someone who never saw the reader. Whoever develops the
 * reader never opens this folder or their images; the bench prints their totals only.
 */
export const BLIND = ['blind_a', 'blind_b', 'blind_c', 'blind_d', 'blind_e', 'blind_f'] as const
