/* java.io.FileInputStream for vifvm: reads the VM's standard input
 * (FileDescriptor.in) through the platform's read hook; there is no file
 * system access. */
package java.io;

public class FileInputStream extends InputStream {
    private final FileDescriptor fdObj;
    private boolean closed;

    public FileInputStream(FileDescriptor fdObj) {
        if (fdObj == null) throw new NullPointerException();
        this.fdObj = fdObj;
    }

    public FileInputStream(String name) throws FileNotFoundException {
        if (name == null) throw new NullPointerException();
        throw new FileNotFoundException(name + " (vifvm has no file system access)");
    }

    public final FileDescriptor getFD() {
        return fdObj;
    }

    /* count read, or -1 at end of input */
    private static native int readBytes0(int fd, byte[] b, int off, int len);

    private int fd() throws IOException {
        if (closed) throw new IOException("Stream Closed");
        if (fdObj.fd != 0) throw new IOException("Bad file descriptor");
        return 0;
    }

    public int read() throws IOException {
        byte[] b = new byte[1];
        int n = readBytes0(fd(), b, 0, 1);
        return n <= 0 ? -1 : b[0] & 0xff;
    }

    public int read(byte[] b) throws IOException {
        return read(b, 0, b.length);
    }

    public int read(byte[] b, int off, int len) throws IOException {
        return readBytes0(fd(), b, off, len);
    }

    public int available() throws IOException {
        fd();
        return 0;
    }

    public void close() throws IOException {
        closed = true;
    }
}
