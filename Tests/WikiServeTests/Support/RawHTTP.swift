import Foundation
import Glibc

/// HTTP/1.1 over a plain socket, the request's target sent exactly as written: what a hostile
/// client can send and a URL library would normalize away.
enum RawHTTP {
    /// The response to `method target` on `127.0.0.1:port`, whole (status line, headers, body).
    static func request(_ target: String, method: String = "GET", port: Int) throws -> String {
        let socket = try connected(port: port)
        defer { close(socket) }
        let request = Array("\(method) \(target) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
        var response: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            response += chunk[..<count]
        }
        return String(decoding: response, as: UTF8.self)
    }

    /// A socket that has sent `GET target` and will never read the response (the smallest
    /// receive buffer): a stuck client. The caller closes it.
    static func openWithoutReading(_ target: String, port: Int) throws -> Int32 {
        let socket = try connected(port: port, receiveBuffer: 1)
        let request = Array("GET \(target) HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, 0) }
        return socket
    }

    private static func connected(port: Int, receiveBuffer: Int32? = nil) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        if var size = receiveBuffer {
            setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
        return socket
    }
}
