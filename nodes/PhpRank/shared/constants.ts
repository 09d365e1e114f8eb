/** phpRank's `privacy` values (spec section 2). */
export const PRIVACY = { public: 0, private: 1, password: 2 } as const;

/** The only `per_page` values phpRank accepts; any other silently becomes the site default. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** Store validation limits of the real server (behaviour file, "Errors"). */
export const MAX_URL_LENGTH = 2048;
export const MAX_PASSWORD_LENGTH = 128;

export const CREDENTIAL_NAME = 'phpRankApi';
