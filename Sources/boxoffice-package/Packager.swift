import Foundation

/// Lays out the installed files and packs them, once as a Debian package and once as a tarball.
struct Packager {
    let program: URL
    let helper: URL
    let output: URL
    /// The version `boxoffice --version` prints: the one value, kept in `BoxOfficeCommandLine.version`.
    let version: String
    let architecture: String

    init(programs folder: URL, output: URL) throws {
        program = folder.appendingPathComponent("boxoffice")
        helper = folder.appendingPathComponent("boxoffice-http")
        self.output = output
        let said = try Shell.text([program.path, "--version"])
        guard said.hasPrefix("boxoffice "), let version = said.split(separator: " ").last.map(String.init), !version.isEmpty else {
            throw Shell.Failure(description: "boxoffice --version said \(said.debugDescription), not a version")
        }
        self.version = version
        architecture = try Shell.text(["dpkg", "--print-architecture"])
    }

    /// The files both packages install, by path below the prefix (`usr/` or the tarball's folder).
    private func files(manPage: Data, zshFolder: String) throws -> [(path: String, data: Data, mode: Int)] {
        func generated(_ arguments: [String]) throws -> Data { try Shell.run([program.path] + arguments) }
        return [
            ("bin/boxoffice", try stripped(program), 0o755),
            ("libexec/boxoffice/boxoffice-http", try stripped(helper), 0o755),
            ("share/man/man1/boxoffice.1.gz", manPage, 0o644),
            ("share/bash-completion/completions/boxoffice", try generated(["completions", "bash"]), 0o644),
            ("share/\(zshFolder)/_boxoffice", try generated(["completions", "zsh"]), 0o644),
            ("share/fish/vendor_completions.d/boxoffice.fish", try generated(["completions", "fish"]), 0o644),
        ]
    }

    private func stripped(_ binary: URL) throws -> Data {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-strip-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        try Shell.run(["strip", "--strip-unneeded", "--remove-section=.comment", "--remove-section=.note", "-o", copy.path, binary.path])
        return try Data(contentsOf: copy)
    }

    private func manPage() throws -> Data {
        try Shell.gzip(try Shell.run([program.path, "manual"]))
    }

    /// The Apache License 2.0, as Debian ships it for every package under it.
    private func licenseText() throws -> String {
        let path = "/usr/share/common-licenses/Apache-2.0"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw Shell.Failure(description: "\(path) is missing: package on Debian or Ubuntu (base-files ships it)")
        }
        return text
    }

    /// A fresh folder to lay files out in, removed by the caller.
    private func scratch(_ name: String) throws -> URL {
        let folder = output.appendingPathComponent(".\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        return folder
    }

    /// `boxoffice_VERSION_ARCH.deb`, built with `dpkg-deb --root-owner-group`.
    func debian() throws -> URL {
        let root = try scratch("deb")
        defer { try? FileManager.default.removeItem(at: root) }
        let usr = root.appendingPathComponent("usr")
        var installedBytes = 0
        for file in try files(manPage: try manPage(), zshFolder: "zsh/vendor-completions") {
            try Shell.write(file.data, to: file.path, below: usr, mode: file.mode)
            installedBytes += file.data.count
        }
        let doc = "share/doc/boxoffice/"
        let copyright = Data(try debianCopyright().utf8)
        let changelog = try Shell.gzip(Data(debianChangelog().utf8))
        try Shell.write(copyright, to: doc + "copyright", below: usr)
        // A package of our own making, not of a Debian source: "native", so its changelog is changelog.gz.
        try Shell.write(changelog, to: doc + "changelog.gz", below: usr)
        installedBytes += copyright.count + changelog.count

        let control = """
            Package: boxoffice
            Version: \(version)
            Architecture: \(architecture)
            Maintainer: boxoffice maintainers <boxoffice@users.noreply.github.com>
            Installed-Size: \((installedBytes + 1023) / 1024)
            Depends: \(try dependencies())
            Section: utils
            Priority: optional
            Homepage: https://www.kobis.or.kr/kobisopenapi
            Description: Korean box office figures from KOBIS in the terminal
             boxoffice is a command-line client for the Korean Film Council's box office
             service (KOBIS Open API). It shows daily, weekly and weekend rankings, finds
             movies, people and companies, follows a film's run over time, and gives
             scripts clean JSON, CSV and TSV. It also serves the same tools to AI
             assistants over the Model Context Protocol.

            """
        try Shell.write(Data(control.utf8), to: "DEBIAN/control", below: root)
        let sums = try Shell.text(["find", "usr", "-type", "f", "-exec", "md5sum", "{}", "+"], in: root)
        let sorted = sums.split(separator: "\n").sorted { $0.dropFirst(34) < $1.dropFirst(34) }.joined(separator: "\n")
        try Shell.write(Data((sorted + "\n").utf8), to: "DEBIAN/md5sums", below: root)
        let package = output.appendingPathComponent("boxoffice_\(version)_\(architecture).deb")
        try Shell.run(["dpkg-deb", "--root-owner-group", "-Zxz", "--build", root.path, package.path])
        return package
    }

    /// `Depends`, from the shared libraries the two programs need, as dpkg-shlibdeps reads them.
    private func dependencies() throws -> String {
        let folder = try scratch("shlibdeps")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Shell.write(Data("Source: boxoffice\n\nPackage: boxoffice\nArchitecture: any\n".utf8), to: "debian/control", below: folder)
        let said = try Shell.text(["dpkg-shlibdeps", "-O", "-e" + program.path, "-e" + helper.path], in: folder)
        guard let line = said.split(separator: "\n").first(where: { $0.hasPrefix("shlibs:Depends=") }) else {
            throw Shell.Failure(description: "dpkg-shlibdeps found no dependencies: \(said)")
        }
        return String(line.dropFirst("shlibs:Depends=".count))
    }

    /// Debian's form: the license's full text is the system's own copy in common-licenses, which
    /// every Debian and Ubuntu system has (lintian refuses a copy of it here).
    private func debianCopyright() throws -> String {
        _ = try licenseText()
        return """
            Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
            Upstream-Name: boxoffice

            Files: *
            Copyright: 2026 The boxoffice authors
            License: Apache-2.0

            License: Apache-2.0
             Licensed under the Apache License, Version 2.0 (the "License");
             you may not use this file except in compliance with the License.
             You may obtain a copy of the License at
             .
                 http://www.apache.org/licenses/LICENSE-2.0
             .
             Unless required by applicable law or agreed to in writing, software
             distributed under the License is distributed on an "AS IS" BASIS,
             WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
             See the License for the specific language governing permissions and
             limitations under the License.
             .
             On Debian systems, the complete text of the Apache License, Version 2.0
             can be found in "/usr/share/common-licenses/Apache-2.0".

            """
    }

    private func debianChangelog() -> String {
        """
        boxoffice (\(version)) unstable; urgency=medium

          * Release \(version): daily, weekly and weekend rankings, movies, people,
            companies and codes from KOBIS; ranges, trends, calendars, reviews, and
            a Model Context Protocol server. See README.md for the whole story.

         -- boxoffice maintainers <boxoffice@users.noreply.github.com>  \(Self.rfc2822(Date()))

        """
    }

    private static func rfc2822(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }

    /// `boxoffice-VERSION-linux-x86_64.tar.gz`: the same files under one folder, runnable from
    /// wherever it is unpacked.
    func tarball() throws -> URL {
        let root = try scratch("tar")
        defer { try? FileManager.default.removeItem(at: root) }
        let name = "boxoffice-\(version)-linux-\(try Shell.text(["uname", "-m"]))"
        let top = root.appendingPathComponent(name)
        for file in try files(manPage: try manPage(), zshFolder: "zsh/site-functions") {
            try Shell.write(file.data, to: file.path, below: top, mode: file.mode)
        }
        try Shell.write(Data(try licenseText().utf8), to: "share/doc/boxoffice/LICENSE", below: top)
        try Shell.write(Data(installNote(name).utf8), to: "INSTALL", below: top)
        let archive = output.appendingPathComponent(name + ".tar.gz")
        try Shell.run(["tar", "--owner=0", "--group=0", "--numeric-owner", "--sort=name", "-czf", archive.path, "-C", root.path, name])
        return archive
    }

    private func installNote(_ folder: String) -> String {
        """
        boxoffice \(version): Korean box office figures from KOBIS (영화진흥위원회)

        Runs from wherever this folder is: bin/boxoffice starts its network helper
        from libexec/boxoffice/ when a request goes out. No Swift is needed; the
        machine needs glibc, libstdc++, libcurl and SQLite 3 (Debian and Ubuntu: libcurl4 and libsqlite3-0).

          ./bin/boxoffice --demo daily --date 2023-04-23     # try it, no key needed

        To install for one user (or use /usr/local for everyone):

          mkdir -p ~/.local/opt && mv \(folder) ~/.local/opt/
          ln -s ~/.local/opt/\(folder)/bin/boxoffice ~/.local/bin/boxoffice

        Manual page: add ~/.local/opt/\(folder)/share/man to MANPATH, then 'man boxoffice'.
        Completions: source share/bash-completion/completions/boxoffice in ~/.bashrc;
        add share/zsh/site-functions to fpath (zsh); copy
        share/fish/vendor_completions.d/boxoffice.fish to ~/.config/fish/completions/.

        Licensed under the Apache License 2.0: share/doc/boxoffice/LICENSE.

        """
    }

    /// `SHA256SUMS` for the two packages.
    func checksums() throws -> URL {
        let names = try FileManager.default.contentsOfDirectory(atPath: output.path)
            .filter { $0.hasPrefix("boxoffice") && ($0.hasSuffix(".deb") || $0.hasSuffix(".tar.gz")) && $0.contains(version) }
            .sorted()
        let sums = try Shell.run(["sha256sum"] + names, in: output)
        let file = output.appendingPathComponent("SHA256SUMS")
        try sums.write(to: file)
        return file
    }
}
