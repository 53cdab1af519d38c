#if canImport(COpenSSL)
    import COpenSSL
    import Foundation

    extension P256PrivateKey {
        /// A P-256 key pair inside OpenSSL; the scalar never leaves it except through
        /// ``rawRepresentation``.
        struct Backend: Sendable {
            let evpKey: EVPKey
            let publicKey: P256PublicKey

            /// A fresh key pair from OpenSSL's CSPRNG.
            init() {
                guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else {
                    openSSLFatal("EVP_PKEY_CTX_new_from_name(EC)")
                }
                defer { EVP_PKEY_CTX_free(context) }
                guard EVP_PKEY_keygen_init(context) == 1,
                    EVP_PKEY_CTX_set_group_name(context, sdk_ossl_name_p256()) == 1
                else { openSSLFatal("EVP_PKEY_keygen_init(P-256)") }
                var generated: OpaquePointer?
                guard EVP_PKEY_generate(context, &generated) == 1, let generated else {
                    openSSLFatal("EVP_PKEY_generate")
                }
                evpKey = EVPKey(taking: generated)

                var point = [UInt8](repeating: 0, count: 65)
                var length = 0
                guard
                    EVP_PKEY_get_octet_string_param(
                        generated, sdk_ossl_pkey_param_pub_key(), &point, point.count, &length) == 1, length == 65
                else { openSSLFatal("EVP_PKEY_get_octet_string_param(pub)") }
                do {
                    publicKey = try P256PublicKey(x963Representation: point)
                } catch {
                    openSSLFatal("P-256 key generation produced an invalid public key (\(error))")
                }
            }

            /// Imports a 32-byte scalar the façade has checked to be in `1..<n`.
            init(scalar rawScalar: some DataProtocol) throws(CryptoError) {
                var scalar = [UInt8](rawScalar)
                defer { OPENSSL_cleanse(&scalar, scalar.count) }
                var point = try Self.publicPoint(forScalar: scalar)

                // OSSL_PARAM carries big numbers in native byte order.
                var nativeScalar = scalar
                defer { OPENSSL_cleanse(&nativeScalar, nativeScalar.count) }
                #if _endian(little)
                    nativeScalar.reverse()
                #endif
                // withUnsafeMutableBytes erases typed errors, so the import reports through a Result.
                let imported = nativeScalar.withUnsafeMutableBytes { scalarBytes in
                    point.withUnsafeMutableBytes { pointBytes in
                        var params = [
                            OSSL_PARAM_construct_utf8_string(
                                sdk_ossl_pkey_param_group_name(), UnsafeMutablePointer(mutating: sdk_ossl_name_p256()),
                                0),
                            OSSL_PARAM_construct_BN(
                                sdk_ossl_pkey_param_priv_key(),
                                scalarBytes.baseAddress!.assumingMemoryBound(to: UInt8.self), scalarBytes.count),
                            OSSL_PARAM_construct_octet_string(
                                sdk_ossl_pkey_param_pub_key(), pointBytes.baseAddress, pointBytes.count),
                            OSSL_PARAM_construct_end(),
                        ]
                        return Result { () throws(CryptoError) in
                            try EVPKey.fromData(&params, selection: sdk_evp_pkey_selection_keypair())
                        }
                    }
                }
                evpKey = try imported.get()
                publicKey = try P256PublicKey(x963Representation: point)
            }

            var rawRepresentation: Data {
                var scalar: OpaquePointer?
                guard EVP_PKEY_get_bn_param(evpKey.pointer, sdk_ossl_pkey_param_priv_key(), &scalar) == 1, let scalar
                else {
                    openSSLFatal("EVP_PKEY_get_bn_param(priv)")
                }
                defer { BN_clear_free(scalar) }
                var bytes = Data(count: 32)
                let written = bytes.withUnsafeMutableBytes { buffer in
                    BN_bn2binpad(scalar, buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), 32)
                }
                guard written == 32 else { openSSLFatal("BN_bn2binpad") }
                return bytes
            }

            /// ECDSA with SHA-256; OpenSSL draws a fresh nonce for each signature.
            func signature(for message: some DataProtocol) throws(CryptoError) -> Data {
                guard let context = EVP_MD_CTX_new() else { throw .openSSLFailure("EVP_MD_CTX_new") }
                defer { EVP_MD_CTX_free(context) }
                guard
                    EVP_DigestSignInit_ex(context, nil, sdk_ossl_name_sha256(), nil, nil, evpKey.pointer, nil) == 1
                else {
                    throw .openSSLFailure("EVP_DigestSignInit_ex")
                }
                // 72 bytes is the largest DER encoding of a P-256 signature.
                var der = [UInt8](repeating: 0, count: 72)
                var length = der.count
                let status = message.withContiguousBytes { bytes in
                    EVP_DigestSign(context, &der, &length, bytes.bytePointer, bytes.count)
                }
                guard status == 1 else { throw .openSSLFailure("EVP_DigestSign") }
                return try P256Signature(derRepresentation: der.prefix(length)).rawRepresentation
            }

            func sharedSecret(with peer: P256PublicKey.Backend) throws(CryptoError) -> Data {
                try evpKey.withContext("ECDH") { context throws(CryptoError) -> Data in
                    guard EVP_PKEY_derive_init(context) == 1 else { throw .openSSLFailure("EVP_PKEY_derive_init") }
                    guard EVP_PKEY_derive_set_peer(context, peer.evpKey.pointer) == 1 else {
                        throw .openSSLFailure("EVP_PKEY_derive_set_peer")
                    }
                    var secret = Data(count: 32)
                    var length = secret.count
                    let status = secret.withUnsafeMutableBytes { buffer in
                        EVP_PKEY_derive(context, buffer.baseAddress!.assumingMemoryBound(to: UInt8.self), &length)
                    }
                    guard status == 1, length == 32 else { throw .openSSLFailure("EVP_PKEY_derive") }
                    return secret
                }
            }

            /// The uncompressed public point `scalar × G`, after checking `1 ≤ scalar < n` once more:
            /// `EC_POINT_mul` would happily reduce a larger scalar.
            private static func publicPoint(forScalar scalar: [UInt8]) throws(CryptoError) -> [UInt8] {
                guard let group = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1) else {
                    throw .openSSLFailure("EC_GROUP_new_by_curve_name(P-256)")
                }
                defer { EC_GROUP_free(group) }
                guard let secret = BN_bin2bn(scalar, Int32(scalar.count), nil) else {
                    throw .openSSLFailure("BN_bin2bn")
                }
                defer { BN_clear_free(secret) }
                guard BN_is_zero(secret) == 0, BN_cmp(secret, EC_GROUP_get0_order(group)) < 0 else {
                    throw .invalidKey(reason: "P-256 private scalar is not in 1..<n")
                }
                guard let point = EC_POINT_new(group) else { throw .openSSLFailure("EC_POINT_new") }
                defer { EC_POINT_free(point) }
                guard EC_POINT_mul(group, point, secret, nil, nil, nil) == 1 else {
                    throw .openSSLFailure("EC_POINT_mul")
                }
                var encoded = [UInt8](repeating: 0, count: 65)
                let written = EC_POINT_point2oct(
                    group, point, POINT_CONVERSION_UNCOMPRESSED, &encoded, encoded.count, nil)
                guard written == 65 else { throw .openSSLFailure("EC_POINT_point2oct") }
                return encoded
            }
        }
    }
#endif
