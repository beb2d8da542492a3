#include "render/golden/sha256.h"

#include <openssl/evp.h>

#include <stdexcept>

namespace iconsynth::render::golden {

Sha256::Sha256() : md_(EVP_MD_CTX_new(), EVP_MD_CTX_free) {
  if (!md_ || EVP_DigestInit_ex(md_.get(), EVP_sha256(), nullptr) != 1) throw std::runtime_error("sha256: cannot initialise");
}

void Sha256::update(const void* data, std::size_t size) {
  if (EVP_DigestUpdate(md_.get(), data, size) != 1) throw std::runtime_error("sha256: update failed");
}

std::string Sha256::hex() {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (EVP_DigestFinal_ex(md_.get(), digest, &length) != 1) throw std::runtime_error("sha256: final failed");
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (unsigned int i = 0; i < length; ++i) {
    out += kHex[digest[i] >> 4];
    out += kHex[digest[i] & 15];
  }
  return out;
}

std::string sha256_hex(std::string_view bytes) {
  Sha256 sha;
  sha.update(bytes.data(), bytes.size());
  return sha.hex();
}

}  // namespace iconsynth::render::golden
