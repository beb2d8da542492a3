// The web package without a browser: its files and package.json, types that follow the spec, its
// size, server rendering in plain Node, an npm install of it into a project (offline), the seed's
// TSX against its declarations (TypeScript from npm), and the CLI that writes it.
#include "web_support.h"

#include "render/lottie/descriptor.h"
#include "render/lottie/dotlottie_writer.h"

#include <nlohmann/json.hpp>
#include <zlib.h>

#include <iostream>
#include <sstream>

using namespace iconsynth;
using Json = nlohmann::json;

namespace {

std::size_t gzipped(const std::string& text) {
  uLongf size = compressBound(text.size()) + 32;
  std::string out(size, '\0');
  z_stream z{};
  REQUIRE(deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) == Z_OK);  // gzip -9
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  z.avail_in = static_cast<uInt>(text.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(size);
  REQUIRE(deflate(&z, Z_FINISH) == Z_STREAM_END);
  const std::size_t n = z.total_out;
  deflateEnd(&z);
  return n;
}

const spec::IconSpec& example(const std::string& name) {
  static std::map<std::string, spec::IconSpec> specs;
  auto at = specs.find(name);
  if (at == specs.end()) at = specs.emplace(name, spec::load_spec_text(test::read_file(test::source_path("spec/examples/" + name)))).first;
  return at->second;
}

}  // namespace

TEST_CASE("The web package holds its modules, types, descriptor, bundle and masters, and package.json exports them with a pinned player",
          "[web]") {
  const spec::IconSpec& spec = test::builtin_spec();
  render::web::WebPackageOptions options;
  options.version = "1.2.3";
  const auto files = render::web::write_web_package(spec, options);
  std::vector<std::string> names;
  for (const auto& [name, bytes] : files) names.push_back(name);
  std::vector<std::string> expected{"element.d.mts", "element.mjs", "gpu-cluster.d.mts", "gpu-cluster.lottie", "gpu-cluster.mjs"};
  // A master for each size a page's pixels come to (16 … 48 CSS px at ratios 1, 1.5 and 2, up to
  // hinting.up_to) at each preset weight.
  // Beside each, its raster masters, one a style × motion and one of its rest pose, and one clock
  // bundle for them all.
  for (int px : {16, 20, 24, 30, 32, 36, 40, 48, 60, 64}) {
    for (const char* weight : {"1.5", "2", "2.5"}) {
      const std::string stem = "masters/gpu-cluster-" + std::to_string(px) + "px-w" + weight;
      expected.push_back(stem + ".lottie");
      for (const char* style : {"outline", "solid", "duotone"}) {
        for (const char* motion : {"light", "strong"}) {
          expected.push_back(stem + "-" + style + "-" + motion + ".webp");
          expected.push_back(stem + "-" + style + "-" + motion + "-rest.webp");
        }
      }
    }
  }
  expected.push_back("masters/gpu-cluster-clock.lottie");
  for (const char* name : {"package.json", "raster.mjs", "react.d.mts", "react.mjs", "runtime.d.mts", "runtime.mjs"}) expected.push_back(name);
  std::sort(expected.begin(), expected.end());
  CHECK(names == expected);
  render::lottie::DescriptorOptions descriptor{options.bundle.generator};
  descriptor.masters = true;
  // The descriptor as a page downloads it: write_descriptor's opening comment and code, its inner
  // comments left out.
  const auto code_lines = [](const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
      if (!line.substr(std::min(line.find_first_not_of(' '), line.size())).starts_with("//")) lines.push_back(line);
    }
    return lines;
  };
  const std::string full = render::lottie::write_descriptor(spec, descriptor), shipped = files.at("gpu-cluster.mjs");
  CHECK(code_lines(shipped) == code_lines(full));
  CHECK(shipped.substr(0, full.find("\nconst ")) == full.substr(0, full.find("\nconst ")));
  CHECK(shipped.size() < full.size());
  CHECK(files.at("gpu-cluster.lottie") == render::lottie::write_dotlottie(spec, options.bundle));
  for (const render::lottie::Master& m : render::lottie::masters(spec)) {
    INFO(render::lottie::master_path(spec, m));
    CHECK(files.at(render::lottie::master_path(spec, m)) == render::lottie::write_dotlottie(spec, render::web::master_options(options.bundle, m)));
  }
  CHECK(render::web::write_web_package(spec, options) == files);  // deterministic

  const Json package = Json::parse(files.at("package.json"));
  CHECK(package["version"] == "1.2.3");
  CHECK(package["type"] == "module");
  CHECK(package["license"] == "MIT");
  // Every subpath a page imports, each pointing at a file of the package (types beside modules).
  for (const char* subpath : {"./runtime", "./react", "./element", "./gpu-cluster.mjs", "./gpu-cluster.lottie", "./masters/*"}) {
    INFO(subpath);
    REQUIRE(package["exports"].contains(subpath));
    const Json& target = package["exports"][subpath];
    for (const Json& file : target.is_string() ? Json::array({target}) : Json::array({target["types"], target["default"]})) {
      const std::string path = file.get<std::string>().substr(2);
      if (path.ends_with("/*")) CHECK(files.lower_bound(path.substr(0, path.size() - 1))->first.starts_with(path.substr(0, path.size() - 1)));
      else CHECK(files.count(path) == 1);
    }
  }
  // One runtime dependency, a peer: the project's own pin of dotlottie-web; React optional.
  CHECK_FALSE(package.contains("dependencies"));
  const Json pin = Json::parse(test::read_file(test::source_path("tools/dotlottie-web/package.json")));
  CHECK(package["peerDependencies"]["@lottiefiles/dotlottie-web"] == pin["dependencies"]["@lottiefiles/dotlottie-web"]);
  CHECK(package["peerDependencies"]["@lottiefiles/dotlottie-web"] == render::web::kDotlottieWebVersion);
  CHECK(package["peerDependenciesMeta"]["react"]["optional"] == true);
  CHECK(package["peerDependencies"].size() == 2);
  // The code names that pin, and loads nothing from elsewhere: no URL but the page's own.
  const std::string& runtime = files.at("runtime.mjs");
  CHECK(runtime.find("import('@lottiefiles/dotlottie-web')") != std::string::npos);
  CHECK(runtime.find("import.meta.resolve('@lottiefiles/dotlottie-web/dotlottie-player.wasm')") != std::string::npos);
  for (const auto& [name, text] : files) {
    if (name.ends_with(".mjs") && name != "gpu-cluster.mjs") CHECK(text.find("http") == std::string::npos);
  }
  CHECK(files.at("react.mjs").starts_with("'use client';\n"));
}

TEST_CASE("The runtime loads the wasm file the pinned dotlottie-web exports", "[web][npm]") {
  const auto work = test::scratch_dir("web-wasm");
  const Json installed = Json::parse(test::read_file(test::dotlottie_web_folder(work) / "package.json"));
  CHECK(installed["version"] == render::web::kDotlottieWebVersion);
  const std::string subpath = std::string("./") + render::web::kDotlottieWasm;
  REQUIRE(installed["exports"].contains(subpath));
  CHECK(std::filesystem::exists(test::dotlottie_web_folder(work) / installed["exports"][subpath].get<std::string>()));
}

// Each file alone, as build writes it (the whole package, its masters drawn, is the tests' above).
TEST_CASE("The declarations follow the spec: another spec's styles, motions and themes are its unions", "[web]") {
  const auto file = [](const spec::IconSpec& spec, const std::string& name) { return render::web::web_package_file(spec, {}, name); };
  const std::string types = file(test::builtin_spec(), "gpu-cluster.d.mts");
  CHECK(types.find("export type Style = 'outline' | 'solid' | 'duotone';") != std::string::npos);
  CHECK(types.find("export type Motion = 'light' | 'strong';") != std::string::npos);
  CHECK(types.find("export type Theme = 'light' | 'dark';") != std::string::npos);
  CHECK(types.find("any number in [1, 3] (presets 1.5, 2, 2.5; default 2)") != std::string::npos);
  CHECK(file(test::builtin_spec(), "runtime.d.mts").find("Stroke weight in grid units, any number in [1, 3]") != std::string::npos);

  const spec::IconSpec& soft = example("third-style-and-theme.json");
  CHECK(file(soft, "gpu-cluster-plus.d.mts").find("export type Style = 'outline' | 'solid' | 'duotone' | 'soft';") != std::string::npos);
  CHECK(file(soft, "gpu-cluster-plus.d.mts").find("export type Theme = 'light' | 'dark' | 'high-contrast';") != std::string::npos);
  CHECK(Json::parse(file(soft, "package.json"))["exports"].contains("./gpu-cluster-plus.mjs"));
  const std::string motion_types = file(example("three-more-motions.json"), "gpu-cluster-motions.d.mts");
  const std::size_t at = motion_types.find("export type Motion = ");
  REQUIRE(at != std::string::npos);
  INFO(motion_types.substr(at, motion_types.find('\n', at) - at));
  for (const std::string& m : spec::VariantSpace(example("three-more-motions.json")).motions()) {
    CHECK(motion_types.find("'" + m + "'", at) < motion_types.find('\n', at));
  }
}

TEST_CASE("The runtime and React modules are at most 4 KB gzipped together", "[web][size]") {
  const auto work = test::scratch_dir("web-size");
  REQUIRE(test::run_cli("export --format web -o '" + (work / "web").string() + "'", work).exit_code == 0);  // as shipped
  std::map<std::string, std::pair<std::size_t, std::size_t>> sizes;
  for (const char* name : {"runtime.mjs", "react.mjs", "element.mjs"}) {
    const std::string text = test::read_file(work / "web" / name);
    sizes[name] = {text.size(), gzipped(text)};
  }
  const std::size_t together = sizes["runtime.mjs"].second + sizes["react.mjs"].second;
  std::cout << "web package, gzip -9: runtime.mjs " << sizes["runtime.mjs"].first << " → " << sizes["runtime.mjs"].second
            << " bytes, react.mjs " << sizes["react.mjs"].first << " → " << sizes["react.mjs"].second << ", together " << together
            << "; element.mjs " << sizes["element.mjs"].first << " → " << sizes["element.mjs"].second << "\n";
  CHECK(together <= 4096);
}

TEST_CASE("An icon id that would name one of the runtime's files is refused, naming the id", "[web]") {
  const spec::IconSpec spec = spec::load_spec_text(test::builtin_spec_with("\"id\": \"gpu-cluster\"", "\"id\": \"runtime\""));
  CHECK_THROWS_WITH(render::web::write_web_package(spec, {}), Catch::Contains("/id: \"runtime\""));
}

TEST_CASE("On a server (plain Node, no DOM) the React module, the runtime and the element import, and React renders the sized canvas",
          "[web][npm]") {
  const auto work = test::scratch_dir("web-server-render");
  test::write_web_folder(work / "generative-icons");
  std::filesystem::create_directory_symlink(test::web_modules(work), work / "node_modules");
  const test::CliResult r = test::run_command("node '" + test::source_path("tests/web/server_render.mjs") + "' '" + (work / "generative-icons").string() + "'", work);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const Json out = Json::parse(r.out);
  INFO(out.dump(1));
  CHECK(out["hasDocument"] == false);
  CHECK(out["hasWindow"] == false);
  for (const char* module : {"react.mjs", "element.mjs", "runtime.mjs"}) CHECK_FALSE(out.contains(std::string(module) + " threw"));
  CHECK(out["exports"]["react"] == Json::array({"AnimatedIcon"}));
  CHECK(out["exports"]["element"] == Json::array({"AnimatedIconElement"}));
  CHECK(out["markup"] == "<canvas role=\"img\" aria-label=\"GPU cluster\" style=\"width:32px;height:32px\"></canvas>");
}

TEST_CASE("npm install of the web folder into a project (offline): plain Node imports ./runtime, ./react, ./element and ./gpu-cluster.mjs through its exports",
          "[web][npm]") {
  const auto work = test::scratch_dir("web-npm-install");
  test::write_web_folder(work / "web");
  const auto site = work / "site";
  std::filesystem::create_directory(site);
  std::ofstream(site / "package.json") << R"({"name": "site", "private": true, "type": "module"})";
  // The peers are the folders tools/dotlottie-web and tests/web installed: nothing from a registry.
  // --install-links copies the folder in (as a tarball would be); a link would leave the package's
  // own imports (react) resolving from the folder, outside the project.
  const std::string install = "cd '" + site.string() + "' && npm install --offline --install-links --no-audit --no-fund --loglevel=error '" +
                              (work / "web").string() + "' '" + test::dotlottie_web_folder(work).string() + "' '" +
                              (test::web_modules(work) / "react").string() + "'";
  const test::CliResult installed = test::run_command(install, work);
  INFO(installed.out << installed.err);
  REQUIRE(installed.exit_code == 0);
  const auto package = site / "node_modules/generative-icons-gpu-cluster";
  CHECK_FALSE(std::filesystem::is_symlink(package));
  std::filesystem::copy_file(test::source_path("tests/web/server_render.mjs"), site / "server_render.mjs");
  const test::CliResult r = test::run_command("cd '" + site.string() + "' && node server_render.mjs --installed generative-icons-gpu-cluster", work);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const Json out = Json::parse(r.out);
  INFO(out.dump(1));
  CHECK(out["hasDocument"] == false);
  for (const char* module : {"react.mjs", "element.mjs", "runtime.mjs", "gpu-cluster.mjs"}) {
    CHECK_FALSE(out.contains(std::string(module) + " threw"));
    CHECK(out["resolved"][module] == "file://" + (package / module).string());
  }
  CHECK(out["unexported"] == "ERR_PACKAGE_PATH_NOT_EXPORTED");  // the exports decide, not the files
  CHECK(out["exports"]["runtime"] == Json::array({"createIcon"}));
  CHECK(out["exports"]["react"] == Json::array({"AnimatedIcon"}));
  CHECK(out["exports"]["element"] == Json::array({"AnimatedIconElement"}));
  CHECK(out["src"] == "file://" + (package / "gpu-cluster.lottie").string());
  CHECK(test::read_file(package / "gpu-cluster.lottie") == test::read_file(work / "web/gpu-cluster.lottie"));
  CHECK(out["markup"].is_null());  // react-dom is not installed here: the import alone is the check
}

TEST_CASE("TypeScript accepts the seed's snippets against the declarations and rejects variant=\"sketch\", motion=\"fast\" and style: 'sketch'",
          "[web][npm][types]") {
  const auto work = test::scratch_dir("web-types");
  test::write_web_folder(work / "generative-icons");
  std::filesystem::create_directory_symlink(test::web_modules(work), work / "node_modules");
  const std::string tsx = test::docs_snippet("seed-react"), js = test::docs_snippet("seed-js");
  const std::string page = "declare const canvas: HTMLCanvasElement;\ndeclare const button: HTMLButtonElement;\n";
  const std::map<std::string, std::string> sources{
      {"GpuClusterIcon.tsx", tsx},
      {"snippet.ts", page + js + "export {};\n"},
      {"element.ts", "import './generative-icons/element.mjs';\nconst el = document.createElement('generative-icon');\n"
                     "el.play('light');\nconst shown: boolean = await el.ready;\nexport { shown };\n"},
      {"bad-variant.tsx", test::replaced(tsx, "variant=\"outline\"", "variant=\"sketch\"")},
      {"bad-motion.tsx", test::replaced(tsx, "motion=\"light\"", "motion=\"fast\"")},
      {"bad-style.ts", page + test::replaced(js, "style: 'outline'", "style: 'sketch'") + "export {};\n"},
  };
  Json files = Json::array();
  for (const auto& [name, text] : sources) {
    std::ofstream(work / name) << text;
    files.push_back(name);
  }
  // The seed's specifiers map to the folder: the only change the snippets get.
  const std::string types = (test::dotlottie_web_folder(work) / "dist/index.d.ts").string();
  const Json tsconfig = {{"compilerOptions",
                          {{"strict", true}, {"noEmit", true}, {"target", "es2022"}, {"module", "preserve"},
                           {"moduleResolution", "bundler"}, {"jsx", "react-jsx"}, {"lib", {"es2022", "dom"}}, {"types", Json::array()},
                           {"paths",
                            {{"@lottiefiles/generative-icons-react", {"./generative-icons/react.d.mts"}},
                             {"@lottiefiles/generative-icons-runtime", {"./generative-icons/runtime.d.mts"}},
                             {"@lottiefiles/dotlottie-web", {types}}}}}},
                         {"files", files}};
  std::ofstream(work / "tsconfig.json") << tsconfig.dump(1);
  const test::CliResult r = test::run_command("cd '" + work.string() + "' && ./node_modules/.bin/tsc -p tsconfig.json", work);
  INFO(r.out << r.err);
  CHECK(r.exit_code != 0);
  // Exactly the three wrong values, at their lines; nothing in the seed's own code or our declarations.
  std::vector<std::string> errors;
  for (std::size_t at = 0, end; (end = r.out.find('\n', at)) != std::string::npos; at = end + 1) {
    const std::string line = r.out.substr(at, end - at);
    if (line.find("error TS") != std::string::npos) errors.push_back(line);
  }
  REQUIRE(errors.size() == 3);
  CHECK(errors[0].starts_with("bad-motion.tsx(9,"));
  CHECK(errors[0].find("'\"fast\"' is not assignable to type 'Motion | undefined'") != std::string::npos);
  CHECK(errors[1].starts_with("bad-style.ts(8,"));
  CHECK(errors[1].find("'\"sketch\"' is not assignable to type 'Style | undefined'") != std::string::npos);
  CHECK(errors[2].starts_with("bad-variant.tsx(8,"));
  CHECK(errors[2].find("'\"sketch\"' is not assignable to type 'Style | undefined'") != std::string::npos);
}

TEST_CASE("export --format web writes the package folder, build writes the same to web/, and bundle-only options are refused", "[web][cli]") {
  const auto work = test::scratch_dir("web-cli");
  const test::CliResult exported = test::run_cli("export --format web -o '" + (work / "pkg").string() + "'", work);
  INFO(exported.err);
  REQUIRE(exported.exit_code == 0);
  CHECK(exported.out.find("web package of gpu-cluster: " + std::to_string(render::web::web_package_files(test::builtin_spec()).size()) + " files") !=
        std::string::npos);
  const test::CliResult built = test::run_cli("build --out '" + (work / "out").string() + "'", work);
  REQUIRE(built.exit_code == 0);
  for (const std::string& name : render::web::web_package_files(test::builtin_spec())) {
    INFO(name);
    CHECK(test::read_file(work / "pkg" / name) == test::read_file(work / "out/web" / name));
  }
  CHECK(test::read_file(work / "out/web/gpu-cluster.lottie") == test::read_file(work / "out/gpu-cluster.lottie"));
  const test::CliResult refused = test::run_cli("export --format web --style solid -o '" + (work / "no").string() + "'", work);
  CHECK(refused.exit_code == 2);
  CHECK(refused.err.find("--style applies to --format lottie and svg only") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(work / "no"));
}
