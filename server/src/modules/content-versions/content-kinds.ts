/**
 * The kinds of public content that have a version counter. Each domain declares its own kinds in its manifest
 * (`contentKinds`) and adds them to this interface, so `ContentKind` stays a checked union with no central list:
 *
 *   declare module "../content-versions/content-kinds" { interface ContentKinds { apps: true } }
 *
 * @public (augmented by the domains, so it stays exported)
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ContentKinds {}

export type ContentKind = keyof ContentKinds & string;
