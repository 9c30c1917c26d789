/** What a provider is built from: the TRANSLATION_* settings (README, "Configuration"). */
export interface ProviderConfig {
  /** The API's base URL; each provider has its documented default (DeepL picks free or pro by key). */
  baseUrl?: string | undefined;
  /** LibreTranslate api_key, DeepL auth key, Google v2 key, Azure subscription key, Tencent SecretKey. */
  apiKey?: string | undefined;
  /** Azure resource region (Ocp-Apim-Subscription-Region), Tencent region. */
  region?: string | undefined;
  /** Google v3 project id (or number). */
  project?: string | undefined;
  /** Google v3 location (`global` by default). */
  location?: string | undefined;
  /** Google v3 OAuth access token, or a file holding it that something else keeps fresh (read per call). */
  accessToken?: string | undefined;
  accessTokenFile?: string | undefined;
  /** Google v3: a service account key (JSON) from which access tokens are minted as they expire. */
  credentialsFile?: string | undefined;
  /** Tencent SecretId. */
  secretId?: string | undefined;
  timeoutMs: number;
}

/** A base URL without its trailing slashes, so paths join with one. */
export const trimBase = (url: string) => url.replace(/\/+$/, '');
