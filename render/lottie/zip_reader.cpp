#include "render/lottie/zip_reader.h"

#include <zip.h>

#include <memory>

namespace iconsynth::render::lottie {

namespace {

struct ArchiveCloser {
  void operator()(zip_t* z) const { zip_discard(z); }
};

bool escapes_archive(const std::string& name) {
  if (name.empty() || name[0] == '/' || name[0] == '\\' || name.find(':') != std::string::npos) return true;
  std::size_t start = 0;
  while (start <= name.size()) {
    const std::size_t end = std::min(name.find_first_of("/\\", start), name.size());
    if (name.compare(start, end - start, "..") == 0) return true;
    start = end + 1;
  }
  return false;
}

}  // namespace

std::vector<ZipEntry> read_zip(const std::string& bytes, const ZipLimits& limits) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* source = zip_source_buffer_create(bytes.data(), bytes.size(), 0, &error);
  if (!source) throw ZipError(std::string("not a readable zip: ") + zip_error_strerror(&error));
  std::unique_ptr<zip_t, ArchiveCloser> archive(zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &error));
  if (!archive) {
    zip_source_free(source);
    const std::string why = zip_error_strerror(&error);
    zip_error_fini(&error);
    throw ZipError("not a valid zip archive: " + why);
  }

  const zip_int64_t count = zip_get_num_entries(archive.get(), 0);
  if (count < 0 || static_cast<std::uint64_t>(count) > limits.max_entries) {
    throw ZipError("archive has " + std::to_string(count) + " entries; at most " + std::to_string(limits.max_entries));
  }
  std::vector<ZipEntry> entries;
  std::uint64_t total = 0;
  for (zip_int64_t i = 0; i < count; ++i) {
    zip_stat_t st;
    if (zip_stat_index(archive.get(), i, 0, &st) != 0 || !(st.valid & ZIP_STAT_NAME) || !(st.valid & ZIP_STAT_SIZE)) {
      throw ZipError("entry " + std::to_string(i) + " cannot be read: " + zip_strerror(archive.get()));
    }
    const std::string name = st.name;
    if (escapes_archive(name)) throw ZipError("entry name \"" + name + "\" points outside the archive");
    if (!name.empty() && name.back() == '/') continue;  // a folder
    total += st.size;
    if (st.size > limits.max_total_bytes || total > limits.max_total_bytes) {
      throw ZipError("archive inflates to more than " + std::to_string(limits.max_total_bytes) + " bytes (at " + name + ")");
    }
    zip_file_t* file = zip_fopen_index(archive.get(), i, 0);
    if (!file) throw ZipError("cannot open entry " + name + ": " + zip_strerror(archive.get()));
    std::string data(st.size, '\0');
    const zip_int64_t read = zip_fread(file, data.data(), st.size);
    // One more byte than declared must not be there: the declared size is what we budgeted.
    char extra;
    const zip_int64_t beyond = read == static_cast<zip_int64_t>(st.size) ? zip_fread(file, &extra, 1) : 0;
    zip_fclose(file);
    if (read != static_cast<zip_int64_t>(st.size) || beyond != 0) {
      throw ZipError("entry " + name + " is corrupt (does not inflate to its declared " + std::to_string(st.size) + " bytes)");
    }
    entries.push_back({name, std::move(data)});
  }
  return entries;
}

}  // namespace iconsynth::render::lottie
