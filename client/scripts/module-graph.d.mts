/** Types of module-graph.mjs, for the tests that read it. */
export declare const clientDir: string;
export declare const ENTRY: string;
export declare function importsOf(file: string): { specifier: string; dynamic: boolean; themed: boolean }[];
export declare function plainZone(): Map<string, string[]>;
export declare const MUI_PACKAGES: RegExp;
