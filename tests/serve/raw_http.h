#pragma once
// One HTTP/1.0 request to a loopback server exactly as written (no client normalises the path or
// adds headers of its own), and its whole reply: for tests of what a server refuses.

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <vector>
#include <stdexcept>
#include <string>

namespace iconsynth::test {

inline std::string raw_request(int port, const std::string& request) {
  const int s = ::socket(AF_INET, SOCK_STREAM, 0);
  if (s < 0) throw std::runtime_error("socket");
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(s, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(s);
    throw std::runtime_error("connect");
  }
  for (std::size_t sent = 0; sent < request.size();) {
    const ssize_t n = ::send(s, request.data() + sent, request.size() - sent, 0);
    if (n <= 0) break;
    sent += static_cast<std::size_t>(n);
  }
  std::string reply;
  char chunk[4096];
  for (ssize_t n; (n = ::recv(s, chunk, sizeof chunk, 0)) > 0;) reply.append(chunk, static_cast<std::size_t>(n));
  ::close(s);
  return reply;
}

// A GET with only a Host header (127.0.0.1 unless given).
inline std::string raw_get(int port, const std::string& target, const std::string& host = "127.0.0.1") {
  return raw_request(port, "GET " + target + " HTTP/1.0\r\nHost: " + host + "\r\n\r\n");
}

// A POST of `body` with the headers given ("Name: value\r\n" each).
inline std::string raw_post(int port, const std::string& target, const std::string& headers, const std::string& body) {
  return raw_request(port, "POST " + target + " HTTP/1.0\r\n" + headers + "Content-Type: application/json\r\nContent-Length: " +
                               std::to_string(body.size()) + "\r\n\r\n" + body);
}

inline int status_of(const std::string& reply) { return reply.size() > 12 ? std::stoi(reply.substr(9, 3)) : 0; }

inline std::string body_of(const std::string& reply) {
  const std::size_t at = reply.find("\r\n\r\n");
  return at == std::string::npos ? "" : reply.substr(at + 4);
}

// The local addresses that listen on `port`, from /proc/net/tcp and tcp6 ("0100007F" is 127.0.0.1).
inline std::vector<std::string> listening_addresses(int port) {
  char hex_port[8];
  std::snprintf(hex_port, sizeof hex_port, "%04X", port);
  std::vector<std::string> found;
  for (const char* table : {"/proc/net/tcp", "/proc/net/tcp6"}) {
    std::ifstream in(table);
    std::string line;
    std::getline(in, line);  // header
    while (std::getline(in, line)) {
      std::istringstream fields(line);
      std::string slot, local, remote, state;
      fields >> slot >> local >> remote >> state;
      if (state == "0A" && local.size() > 5 && local.substr(local.size() - 4) == hex_port) {
        found.push_back(local.substr(0, local.find(':')));
      }
    }
  }
  return found;
}

}  // namespace iconsynth::test
