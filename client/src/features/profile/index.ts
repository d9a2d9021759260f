/**
 * The profile's public API: the one module of this feature that other features
 * may import (client/README.md, "Features and their boundaries").
 */
export { getProfileQueryOptions, useProfile } from './api/get-profile';
