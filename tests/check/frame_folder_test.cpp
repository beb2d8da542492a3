// A folder of PNG frames is untrusted input: bombs, huge or mismatched dimensions, truncated or
// false files, thousands of frames, links out of the folder and files that are not files are each
// refused with exit 2, a message naming the file and nothing written, in bounded memory.
#include "check_support.h"

#include "render/check/frame_folder.h"

#include <sys/resource.h>
#include <sys/stat.h>
#include <zlib.h>

using namespace iconsynth::test;
using iconsynth::render::check::natural_less;

namespace {

void put_u32(std::string& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((v >> shift) & 0xFF);
}

void put_chunk(std::string& png, const std::string& type, const std::string& data) {
  put_u32(png, static_cast<std::uint32_t>(data.size()));
  const std::string body = type + data;
  png += body;
  put_u32(png, static_cast<std::uint32_t>(crc32(0, reinterpret_cast<const Bytef*>(body.data()), static_cast<uInt>(body.size()))));
}

std::string deflated(const std::string& raw) {
  uLongf size = compressBound(static_cast<uLong>(raw.size()));
  std::string out(size, '\0');
  REQUIRE(compress2(reinterpret_cast<Bytef*>(out.data()), &size, reinterpret_cast<const Bytef*>(raw.data()),
                    static_cast<uLong>(raw.size()), 9) == Z_OK);
  out.resize(size);
  return out;
}

// An RGBA PNG of w × h transparent pixels, its image data `rows` rows long (fewer than h: the
// file lies about its size) and an optional extra chunk before the data.
std::string crafted_png(std::uint32_t w, std::uint32_t h, std::uint32_t rows, const std::string& extra_type = "",
                        const std::string& extra_data = "") {
  std::string png = "\x89PNG\r\n\x1a\n";
  std::string header;
  put_u32(header, w);
  put_u32(header, h);
  header += std::string("\x08\x06\x00\x00\x00", 5);  // 8 bits, RGBA, deflate, no filter, no interlace
  put_chunk(png, "IHDR", header);
  if (!extra_type.empty()) put_chunk(png, extra_type, extra_data);
  put_chunk(png, "IDAT", deflated(std::string(static_cast<std::size_t>(rows) * (1 + 4 * std::size_t{w}), '\0')));
  put_chunk(png, "IEND", "");
  return png;
}

std::string real_png(int size) {
  const std::vector<std::uint32_t> pixels(static_cast<std::size_t>(size) * size, 0xFF336699u);
  return iconsynth::render::image_from_pixels(pixels.data(), size, size).png_bytes();
}

void write(const fs::path& file, const std::string& bytes) { std::ofstream(file, std::ios::binary) << bytes; }

// "f12.png" (snprintf: GCC 12's -Wrestrict misfires on "f" + std::to_string(i) + ".png").
std::string numbered(int i) {
  char name[32];
  std::snprintf(name, sizeof name, "f%d.png", i);
  return name;
}

long max_child_rss_mib() {
  rusage usage{};
  getrusage(RUSAGE_CHILDREN, &usage);
  return usage.ru_maxrss / 1024;
}

}  // namespace

TEST_CASE("Frames come in name order, numbers compared as numbers", "[check][frames]") {
  CHECK(natural_less("frame_2.png", "frame_10.png"));
  CHECK_FALSE(natural_less("frame_10.png", "frame_2.png"));
  CHECK(natural_less("frame_0009.png", "frame_0010.png"));
  CHECK(natural_less("a.png", "b.png"));
  CHECK(natural_less("f1.png", "f01b.png"));
  CHECK_FALSE(natural_less("f1.png", "f1.png"));
}

TEST_CASE("Hostile folders of frames exit 2 naming the file, write nothing, in bounded memory", "[check][frames][hostile]") {
  const fs::path work = scratch_dir("frames-hostile");
  struct Case {
    std::string name, message;
    std::function<void(const fs::path&)> make;
  };
  const std::vector<Case> cases = {
      {"empty folder", "holds no .png frames", [](const fs::path&) {}},
      {"not a PNG", "garbage.png is not a readable PNG (libpng: ", [](const fs::path& d) { write(d / "garbage.png", "not a png at all"); }},
      {"truncated", "frame_0001.png is not a readable PNG (libpng: read beyond end of data)",
       [](const fs::path& d) {
         write(d / "frame_0000.png", real_png(32));
         const std::string png = real_png(32);
         write(d / "frame_0001.png", png.substr(0, png.size() / 2));
       }},
      {"lying about its rows", "frame_0000.png is not a readable PNG (libpng: ", [](const fs::path& d) { write(d / "frame_0000.png", crafted_png(64, 64, 10)); }},
      {"huge dimensions (a 100 kB file for 4 GB of pixels)", "bomb.png is 32768x32768 px: frames must be 8 to 2048 px a side",
       [](const fs::path& d) { write(d / "bomb.png", crafted_png(32768, 32768, 8)); }},
      {"not square", "wide.png is 96x80 px: frames must be square", [](const fs::path& d) { write(d / "wide.png", crafted_png(96, 80, 80)); }},
      {"mismatched dimensions", "frame_0002.png is 64x64 px: the frames before it are 32x32 px",
       [](const fs::path& d) {
         write(d / "frame_0000.png", real_png(32));
         write(d / "frame_0001.png", real_png(32));
         write(d / "frame_0002.png", real_png(64));
       }},
      {"decoded pixels over the budget", "with it the frames would hold more than 33554432 pixels together",
       [](const fs::path& d) {
         // Each 2048 px frame is a few kB on disk and 16 MiB decoded: the ninth breaks the budget.
         const std::string bomb = crafted_png(2048, 2048, 2048);
         for (int i = 0; i < 9; ++i) write(d / numbered(i), bomb);
       }},
      {"a compressed text chunk that inflates to 64 MiB", "",  // libpng skips it within its chunk limit
       [](const fs::path& d) { write(d / "text.png", crafted_png(32, 32, 32, "zTXt", std::string("k\0\0", 3) + deflated(std::string(64 << 20, 'x')))); }},
      {"thousands of frames", "holds more than 3600 .png frames",
       [](const fs::path& d) {
         for (int i = 0; i <= 3600; ++i) write(d / numbered(i), "");
       }},
      {"a file too large", "big.png is 16777217 bytes; a frame may be at most 16777216",
       [](const fs::path& d) {
         write(d / "big.png", "");
         fs::resize_file(d / "big.png", (16u << 20) + 1);
       }},
      {"a link out of the folder", "is a link to",
       [](const fs::path& d) {
         write(d / "frame_0000.png", real_png(32));
         write(d.parent_path() / "outside.png", real_png(32));
         fs::create_symlink(d.parent_path() / "outside.png", d / "frame_0001.png");
       }},
      {"a FIFO named like a frame", "frame_0001.png in", [](const fs::path& d) {
         write(d / "frame_0000.png", real_png(32));
         REQUIRE(mkfifo((d / "frame_0001.png").c_str(), 0600) == 0);
       }},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    const fs::path dir = work / ("case-" + std::to_string(&c - cases.data())) / "frames";
    fs::create_directories(dir);
    c.make(dir);
    const fs::path report = dir.parent_path() / "report";
    const auto r = run_cli("check " + dir.string() + " --report " + report.string(), work);
    INFO(r.err);
    if (c.message.empty()) {
      CHECK(r.exit_code != 2);  // read (the text chunk is skipped), then compared like any frames
      CHECK(r.exit_code != 3);
    } else {
      CHECK(r.exit_code == 2);
      CHECK_THAT(r.err, Catch::Contains(c.message));
      CHECK_THAT(r.err, Catch::Contains("cannot read the frames"));
    }
    CHECK(fs::exists(report) == c.message.empty());
  }
#if !defined(__SANITIZE_ADDRESS__)
  // The budget is 128 MiB of pixels; every refusal came before its file was decoded.
  CHECK(max_child_rss_mib() < 400);
#endif
}
