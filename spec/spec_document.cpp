#include "spec/spec_document.h"

#include "spec/json_reader.h"
#include "spec/loader.h"
#include "spec/overrides.h"

#include <algorithm>
#include <cctype>

namespace iconsynth::spec {

namespace {

// Finds every value's token in text nlohmann has already parsed (so it is valid JSON and nests no
// deeper than the loader allows): a walk that records where each value starts and ends.
class TokenScanner {
 public:
  explicit TokenScanner(std::string_view text) : text_(text) {}

  std::vector<std::pair<std::string, TokenRange>> scan() {
    if (text_.starts_with("\xEF\xBB\xBF")) at_ = 3;  // a byte-order mark, which nlohmann skips too
    value("");
    std::sort(found_.begin(), found_.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    return std::move(found_);
  }

 private:
  void skip_space() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
  }
  char peek() const { return at_ < text_.size() ? text_[at_] : '\0'; }

  // A string token from its opening quote to just past its closing one.
  std::string_view string_token() {
    const std::size_t begin = at_++;
    while (at_ < text_.size() && text_[at_] != '"') at_ += text_[at_] == '\\' ? 2 : 1;
    at_ = std::min(at_ + 1, text_.size());
    return text_.substr(begin, at_ - begin);
  }

  void value(const std::string& pointer) {
    skip_space();
    const std::size_t begin = at_;
    switch (peek()) {
      case '{': members(pointer); break;
      case '[': elements(pointer); break;
      case '"': string_token(); break;
      default:  // a number, true, false or null: up to the next delimiter
        while (at_ < text_.size() && !std::isspace(static_cast<unsigned char>(text_[at_])) && text_[at_] != ',' &&
               text_[at_] != '}' && text_[at_] != ']') {
          ++at_;
        }
    }
    found_.push_back({pointer, {begin, at_}});
  }

  void members(const std::string& pointer) {
    ++at_;  // {
    for (skip_space(); peek() == '"';) {
      const std::string key = Json::parse(string_token()).get<std::string>();
      skip_space();
      ++at_;  // :
      value(child_pointer(pointer, key));
      skip_space();
      if (peek() == ',') ++at_, skip_space();
    }
    skip_space();
    ++at_;  // }
  }

  void elements(const std::string& pointer) {
    ++at_;  // [
    skip_space();
    for (std::size_t index = 0; peek() != ']' && at_ < text_.size(); ++index) {
      value(pointer + "/" + std::to_string(index));
      skip_space();
      if (peek() == ',') ++at_;
      skip_space();
    }
    ++at_;  // ]
  }

  std::string_view text_;
  std::size_t at_ = 0;
  std::vector<std::pair<std::string, TokenRange>> found_;
};

// A shell word needs no quotes when it holds only these.
bool plain_shell_word(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-' || c == '=' || c == '/' || c == ',' ||
           c == ':' || c == '+';
  });
}

}  // namespace

SpecDocument::SpecDocument(std::string text) : text_(std::move(text)), json_(parse_spec_json(text_)) {
  tokens_ = TokenScanner(text_).scan();
}

TokenRange SpecDocument::token(std::string_view path) const {
  const std::string pointer = resolve_path(json_, path);
  const auto at = std::lower_bound(tokens_.begin(), tokens_.end(), pointer,
                                   [](const auto& entry, const std::string& p) { return entry.first < p; });
  if (at == tokens_.end() || at->first != pointer) throw SpecError(pointer, "no token for " + std::string(path) + " in the text");
  return at->second;
}

std::string SpecDocument::with_changes(const std::vector<SpecChange>& changes, const SpecDocument* wording) const {
  std::string text = text_;
  for (const SpecChange& change : changes) {
    // Each change is placed in the text the previous ones left (a change may reach inside another's
    // token, an easing's handle after the easing), so the document is read again between them.
    const SpecDocument current(text);
    const TokenRange range = current.token(change.path);
    std::string token = change.value.dump();
    if (wording) {
      try {
        if (value_at(wording->json(), change.path) == change.value) {
          const TokenRange was = wording->token(change.path);
          token = wording->text().substr(was.begin, was.end - was.begin);
        }
      } catch (const SpecError&) {
        // not in the wording document: written as JSON
      }
    }
    text.replace(range.begin, range.end - range.begin, token);
  }
  return text;
}

std::string change_text(const SpecChange& change) {
  const bool bare = change.value.is_string() && override_value(change.value.get<std::string>()) == change.value;
  return change.path + "=" + (bare ? change.value.get<std::string>() : change.value.dump());
}

SpecChange parse_change(std::string_view assignment) {
  const std::size_t equals = assignment.find('=');
  if (equals == std::string_view::npos || equals == 0) {
    throw SpecError("", "a change is path.to.key=value, got \"" + std::string(assignment) + "\"");
  }
  return {std::string(assignment.substr(0, equals)), override_value(assignment.substr(equals + 1))};
}

std::string set_flag(const SpecChange& change) {
  const std::string text = change_text(change);
  if (plain_shell_word(text)) return "--set " + text;
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return "--set " + quoted + "'";
}

const Json& value_at(const Json& document, std::string_view path) {
  return document.at(Json::json_pointer(resolve_path(document, path)));
}

}  // namespace iconsynth::spec
