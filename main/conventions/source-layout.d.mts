export declare const MAX_FILE_LINES: number;
export declare const MAX_LINE_LENGTH: number;
export declare const MAX_FOLDER_FILES: number;
export declare function layoutBreaches(): { files: number; crowded: string[]; long: string[]; wide: string[] };
