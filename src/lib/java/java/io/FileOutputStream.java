/* java.io.FileOutputStream for vifvm: writes to the VM's output streams
 * (FileDescriptor.out / err) through the platform; there is no file
 * system access. */
package java.io;

public class FileOutputStream extends OutputStream {
    private final FileDescriptor fdObj;

    public FileOutputStream(FileDescriptor fdObj) {
        if (fdObj == null) throw new NullPointerException();
        this.fdObj = fdObj;
    }

    public FileOutputStream(String name) throws FileNotFoundException {
        if (name == null) throw new NullPointerException();
        throw new FileNotFoundException(name + " (vifvm has no file system access)");
    }

    public FileOutputStream(String name, boolean append) throws FileNotFoundException {
        this(name);
    }

    public final FileDescriptor getFD() {
        return fdObj;
    }

    /* 1 or 2 for the console streams, else -1 */
    int stream() {
        int fd = fdObj.fd;
        return fd == 1 || fd == 2 ? fd : -1;
    }

    private static native void writeBytes0(int stream, byte[] b, int off, int len);

    public void write(int b) throws IOException {
        write(new byte[] { (byte) b }, 0, 1);
    }

    public void write(byte[] b, int off, int len) throws IOException {
        if (off < 0 || len < 0 || off > b.length - len)
            throw new IndexOutOfBoundsException();
        int s = stream();
        if (s < 0) throw new IOException("Bad file descriptor");
        writeBytes0(s, b, off, len);
    }
}
