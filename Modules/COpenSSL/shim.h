#ifndef SDK_COPENSSL_SHIM_H
#define SDK_COPENSSL_SHIM_H
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/hmac.h>
#include <openssl/ec.h>
#include <openssl/ecdsa.h>
#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/kdf.h>
#include <openssl/core_names.h>
#include <openssl/param_build.h>
#include <openssl/obj_mac.h>

/*
 * Swift imports OpenSSL's parameter names (`#define OSSL_KDF_PARAM_KEY "key"`) as computed
 * Strings, whose C pointers live only for one call. OSSL_PARAM and OSSL_PARAM_BLD keep the key
 * pointer, so Swift reaches the names through these functions, which return pointers to string
 * literals with static storage.
 */
static inline const char *sdk_ossl_param_digest(void) { return OSSL_ALG_PARAM_DIGEST; }
static inline const char *sdk_ossl_kdf_param_key(void) { return OSSL_KDF_PARAM_KEY; }
static inline const char *sdk_ossl_kdf_param_salt(void) { return OSSL_KDF_PARAM_SALT; }
static inline const char *sdk_ossl_kdf_param_info(void) { return OSSL_KDF_PARAM_INFO; }
static inline const char *sdk_ossl_pkey_param_group_name(void) { return OSSL_PKEY_PARAM_GROUP_NAME; }
static inline const char *sdk_ossl_pkey_param_pub_key(void) { return OSSL_PKEY_PARAM_PUB_KEY; }
static inline const char *sdk_ossl_pkey_param_priv_key(void) { return OSSL_PKEY_PARAM_PRIV_KEY; }
static inline const char *sdk_ossl_cipher_param_aead_tag(void) { return OSSL_CIPHER_PARAM_AEAD_TAG; }

/* Algorithm names used as OSSL_PARAM values, which OpenSSL may also keep by pointer. */
static inline const char *sdk_ossl_name_sha256(void) { return "SHA256"; }
static inline const char *sdk_ossl_name_p256(void) { return "P-256"; }

/* EVP_PKEY selections are macro expressions, which Swift does not import. */
static inline int sdk_evp_pkey_selection_public_key(void) { return EVP_PKEY_PUBLIC_KEY; }
static inline int sdk_evp_pkey_selection_keypair(void) { return EVP_PKEY_KEYPAIR; }

#endif
