/**
 * Names holding the patterns a string replacement of `String.prototype.replace` expands: `$'` (what follows the
 * match), `` $` `` (what precedes it), `$&` (the match), `$$`, `$1` and `$<x>`. Where a name is filled in as such a
 * replacement, the page, poster or mail around it is corrupted.
 */
export const REPLACEMENT_PATTERN_NAMES = ["A$'B", 'A$`B', 'A$&B', 'A$$B', 'A$1B', 'A$<x>B']
