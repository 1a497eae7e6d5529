/** @discovery/generational-cache: a map bounded by the cost of its entries, in two generations. */
export { GenerationalCache, type GenerationalCacheOptions } from './generational-cache.js';
