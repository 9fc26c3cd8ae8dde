/* java.io.FileReader for vifvm: there is no file system access, so opening
 * a file throws FileNotFoundException saying so (FileInputStream(String)). */
package java.io;

public class FileReader extends InputStreamReader {
    public FileReader(String fileName) throws FileNotFoundException {
        super(new FileInputStream(fileName));
    }
}
