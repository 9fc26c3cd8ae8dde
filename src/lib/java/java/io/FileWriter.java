/* java.io.FileWriter for vifvm: there is no file system access, so opening
 * a file throws FileNotFoundException saying so (FileOutputStream(String)). */
package java.io;

public class FileWriter extends OutputStreamWriter {
    public FileWriter(String fileName) throws IOException {
        super(new FileOutputStream(fileName));
    }

    public FileWriter(String fileName, boolean append) throws IOException {
        super(new FileOutputStream(fileName, append));
    }
}
