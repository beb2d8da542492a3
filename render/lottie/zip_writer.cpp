#include "render/lottie/zip_writer.h"

#include <zip.h>

#include <memory>
#include <stdexcept>

namespace iconsynth::render::lottie {

namespace {

// 1980-01-01 00:00:00, the earliest DOS time: no clock leaks into the archive.
constexpr zip_uint16_t kDosDate = (0 << 9) | (1 << 5) | 1;
constexpr zip_uint16_t kDosTime = 0;
// A regular file, rw-r--r--, as a Unix host writes it.
constexpr zip_uint32_t kExternalAttributes = (0100644u << 16);

[[noreturn]] void fail(const std::string& what, zip_error_t* error) {
  const std::string message = what + ": " + zip_error_strerror(error);
  zip_error_fini(error);
  throw std::runtime_error(message);
}

struct SourceDeleter {
  void operator()(zip_source_t* s) const { zip_source_free(s); }
};

}  // namespace

std::string write_zip(const std::vector<ZipEntry>& entries) {
  zip_error_t error;
  zip_error_init(&error);
  std::unique_ptr<zip_source_t, SourceDeleter> buffer(zip_source_buffer_create(nullptr, 0, 0, &error));
  if (!buffer) fail("zip: cannot create buffer", &error);
  zip_source_keep(buffer.get());  // we read the archive back from it after zip_close

  zip_t* archive = zip_open_from_source(buffer.get(), ZIP_TRUNCATE, &error);
  if (!archive) fail("zip: cannot open archive", &error);
  for (const ZipEntry& entry : entries) {
    zip_source_t* data = zip_source_buffer(archive, entry.bytes.data(), entry.bytes.size(), 0);
    const zip_int64_t index = data ? zip_file_add(archive, entry.name.c_str(), data, ZIP_FL_ENC_UTF_8) : -1;
    if (index < 0) {
      if (data) zip_source_free(data);
      const std::string message = "zip: cannot add " + entry.name + ": " + zip_strerror(archive);
      zip_discard(archive);
      throw std::runtime_error(message);
    }
    const auto i = static_cast<zip_uint64_t>(index);
    if (zip_set_file_compression(archive, i, ZIP_CM_DEFLATE, 9) != 0 ||
        zip_file_set_dostime(archive, i, kDosTime, kDosDate, 0) != 0 ||
        zip_file_set_external_attributes(archive, i, 0, ZIP_OPSYS_UNIX, kExternalAttributes) != 0) {
      const std::string message = "zip: cannot set up " + entry.name + ": " + zip_strerror(archive);
      zip_discard(archive);
      throw std::runtime_error(message);
    }
  }
  if (zip_close(archive) != 0) {
    const std::string message = std::string("zip: cannot write archive: ") + zip_strerror(archive);
    zip_discard(archive);
    throw std::runtime_error(message);
  }

  if (zip_source_open(buffer.get()) != 0) fail("zip: cannot read archive back", zip_source_error(buffer.get()));
  zip_source_seek(buffer.get(), 0, SEEK_END);
  const zip_int64_t size = zip_source_tell(buffer.get());
  zip_source_seek(buffer.get(), 0, SEEK_SET);
  std::string bytes(static_cast<std::size_t>(size), '\0');
  const zip_int64_t read = zip_source_read(buffer.get(), bytes.data(), bytes.size());
  zip_source_close(buffer.get());
  if (read != size) throw std::runtime_error("zip: short read of the finished archive");
  return bytes;
}

}  // namespace iconsynth::render::lottie
