import Foundation
import Testing

/// KOBIS is an https:// server: the built binary, through its network helper (libcurl), against
/// a TLS server on loopback whose certificate the test makes. Not trusted by the system, it is
/// refused as an insecure connection (69); trusted through OpenSSL's `SSL_CERT_FILE`, its answer is read.
@Suite struct HTTPSEndToEndTests {
    /// A TLS server (Python's, with a certificate made by openssl for 127.0.0.1) answering every
    /// request with `body`, until it is stopped.
    final class TLSServer: Sendable {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-tls-\(UUID().uuidString)")
        private let process = Process()

        var certificate: String { folder.appendingPathComponent("cert.pem").path }

        /// Makes the certificate and starts the server on `address` (127.0.0.1, or ::1); `port()`
        /// says where it listens.
        init(body: Data, address: String = "127.0.0.1") async throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let made = try await Executable.run(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", folder.appendingPathComponent("key.pem").path,
                                                 "-out", certificate, "-days", "2", "-subj", "/CN=\(address)", "-addext", "subjectAltName=IP:\(address)"],
                                                program: URL(fileURLWithPath: "/usr/bin/openssl"))
            #expect(made.status == 0, "\(made.standardError)")
            try body.write(to: folder.appendingPathComponent("body.json"))
            let script = """
                import http.server, os, socket, ssl, sys
                folder, address = sys.argv[1], sys.argv[2]
                body = open(folder + "/body.json", "rb").read()
                class Handler(http.server.BaseHTTPRequestHandler):
                    def do_GET(self):
                        self.send_response(200)
                        self.send_header("Content-Type", "application/json")
                        self.send_header("Content-Length", str(len(body)))
                        self.end_headers()
                        self.wfile.write(body)
                    def log_message(self, *arguments):
                        pass
                class Server(http.server.HTTPServer):
                    address_family = socket.AF_INET6 if ":" in address else socket.AF_INET
                server = Server((address, 0), Handler)
                context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
                context.load_cert_chain(folder + "/cert.pem", folder + "/key.pem")
                server.socket = context.wrap_socket(server.socket, server_side=True)
                open(folder + "/port.tmp", "w").write(str(server.server_address[1]))
                os.rename(folder + "/port.tmp", folder + "/port")
                server.serve_forever()
                """
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = ["-c", script, folder.path, address]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try Executable.launch(process)
        }

        /// The port, once the server listens (waited for without blocking a thread, at most half a minute).
        func port() async -> Int? {
            let file = folder.appendingPathComponent("port")
            for _ in 0..<600 {
                if let text = try? String(contentsOf: file, encoding: .utf8), let port = Int(text) { return port }
                try? await Task.sleep(for: .milliseconds(50))
            }
            return nil
        }

        deinit {
            process.terminate()
            try? FileManager.default.removeItem(at: folder)
        }
    }

    @Test(.enabled(if: InstalledTools.openssl && InstalledTools.python, "openssl and python3 make the test's TLS server"))
    func aTLSServerIsTrustedOnlyThroughItsAuthority() async throws {
        let server = try await TLSServer(body: try Fixtures.data("daily_20230423.json"))
        let port = try #require(await server.port())
        let environment = ["KOBIS_API_KEY": KOBISEmulator.key, "BOXOFFICE_BASE_URL": "https://127.0.0.1:\(port)"]
        let untrusted = try await Executable.run(["daily", "--date", "2023-04-23", "--retries", "0", "--rate", "0"], environment: environment)
        #expect(untrusted.status == 69)
        #expect(untrusted.standardError == "boxoffice: could not make a secure connection to 127.0.0.1.\nCheck the system clock and its CA certificates.\n",
                "\(untrusted.standardError)")
        let trusted = try await Executable.run(["daily", "--date", "2023-04-23", "--retries", "0", "--rate", "0", "--json"],
                                               environment: environment.merging(["SSL_CERT_FILE": server.certificate]) { $1 })
        #expect(trusted.status == 0, "\(trusted.standardError)")
        #expect(trusted.standardOutput.contains(#""title":"존 윅 4""#))
    }

    /// The same at an IPv6 address, which the helper reaches too.
    @Test(.enabled(if: InstalledTools.openssl && InstalledTools.python, "openssl and python3 make the test's TLS server"))
    func anIPv6TLSServerAnswers() async throws {
        let server = try await TLSServer(body: try Fixtures.data("daily_20230423.json"), address: "::1")
        let port = try #require(await server.port())
        let trusted = try await Executable.run(["daily", "--date", "2023-04-23", "--retries", "0", "--rate", "0", "--json"],
                                               environment: ["KOBIS_API_KEY": KOBISEmulator.key, "BOXOFFICE_BASE_URL": "https://[::1]:\(port)",
                                                             "SSL_CERT_FILE": server.certificate])
        #expect(trusted.status == 0, "\(trusted.standardError)")
        #expect(trusted.standardOutput.contains(#""title":"존 윅 4""#))
    }
}
