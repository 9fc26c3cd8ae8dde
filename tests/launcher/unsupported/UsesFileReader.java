// Runs, then opens a file by name: vifvm has no file system access.
import java.io.BufferedReader;
import java.io.FileReader;

public class UsesFileReader {
    public static void main(String[] args) throws Exception {
        System.out.println("started");
        BufferedReader r = new BufferedReader(new FileReader("/etc/hostname"));
        System.out.println(r.readLine() != null);
    }
}
