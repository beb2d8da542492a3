#pragma once
// SHA-256 of bytes as lower-case hex (OpenSSL's EVP digest).

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

struct evp_md_ctx_st;  // OpenSSL's EVP_MD_CTX

namespace iconsynth::render::golden {

std::string sha256_hex(std::string_view bytes);

// Incremental SHA-256 for data that comes in pieces (image rows).
class Sha256 {
 public:
  Sha256();

  void update(const void* data, std::size_t size);
  // Lower-case hex of everything added; the object is spent afterwards.
  std::string hex();

 private:
  std::unique_ptr<evp_md_ctx_st, void (*)(evp_md_ctx_st*)> md_;
};

}  // namespace iconsynth::render::golden
