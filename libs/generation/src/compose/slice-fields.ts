/** The fields of a schema slice as the composer's path costs read them (docs/composer.md). */

/** `Type.field` of every field a slice printed (its `field:` coordinates), as the composer's path costs use them. */
export function sliceFieldsOf(coordinates: readonly string[]): Set<string> {
  return new Set(coordinates.filter((coordinate) => coordinate.startsWith('field:')).map((coordinate) => coordinate.slice('field:'.length)));
}
