/**
 * Module hooks for child processes in tests: lets Node 24 (which strips TypeScript types natively)
 * run the library's sources, whose relative imports name `.js` files, by falling back to `.ts`.
 */
export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    if (specifier.startsWith('.') && specifier.endsWith('.js')) {
      return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
    }
    throw error;
  }
}
