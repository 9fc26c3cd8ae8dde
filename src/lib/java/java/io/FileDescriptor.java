/* java.io.FileDescriptor for vifvm: only the standard streams exist
 * (0 = standard input, 1 = standard output, 2 = standard error / VIF log). */
package java.io;

public final class FileDescriptor {
    final int fd;

    public static final FileDescriptor in = new FileDescriptor(0);
    public static final FileDescriptor out = new FileDescriptor(1);
    public static final FileDescriptor err = new FileDescriptor(2);

    public FileDescriptor() {
        fd = -1;
    }

    private FileDescriptor(int fd) {
        this.fd = fd;
    }

    public boolean valid() {
        return fd >= 0 && fd <= 2;
    }

    public void sync() throws SyncFailedException {}
}
