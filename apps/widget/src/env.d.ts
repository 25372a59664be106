/** The catalogues' addresses by language, written in by the build (build.mjs). */
declare const __LOCALES__: Record<string, string>;

/** The style sheet, bundled by esbuild into the app's CSS file. */
declare module '*.css';
